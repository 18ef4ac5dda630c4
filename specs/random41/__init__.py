"""随机配置法 4.1 (seed 004): configuration rules (:mod:`.rules`), score tables (:mod:`.scores`), their Z3
encoding (:mod:`.smt`), an independent checker (:mod:`.checker`) and rendering (:mod:`.render`)."""
