"""[165]原神 (seed 001): configuration rules (:mod:`.rules`), their Z3 encoding (:mod:`.smt`), an independent
checker (:mod:`.checker`), the text's own formula problems (:mod:`.check`) and rendering (:mod:`.render`)."""
