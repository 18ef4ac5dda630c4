"""随机配置法 4.1's game rules on the runtime and the werewolf family machinery (docs/random41.md)."""
