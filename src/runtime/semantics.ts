// Wires the semantics tables and the memory families' decoders into the decoder, once, on import. Kept
// out of the decoder modules so that those stay free of the (large) semantics tables and testable alone.
