from ruleproof.cli import entry

entry()
