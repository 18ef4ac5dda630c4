"""返航录 v1preview1.0 typed spec."""
