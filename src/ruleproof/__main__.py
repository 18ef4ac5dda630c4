from ruleproof.cli import main

raise SystemExit(main())
