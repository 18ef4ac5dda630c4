"""The [140]乘风破浪的姐姐2 reference engine on the generic runtime (docs/jiejie140.md)."""
