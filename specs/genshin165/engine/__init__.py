"""[165]原神's engine on the runtime and the werewolf family machinery (docs/genshin165.md)."""
