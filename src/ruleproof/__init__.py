"""ruleproof — formal rules verifier and test oracle for Chinese forum social-deduction rulebooks."""

__version__ = "0.1.0"
