"""A small synthetic rulebook shaped by headings (a forum post, no dotted clause numbers) for the lint.

``CLEAN`` has every structure the checks of families k–o read — post signatures, revision notes with a
deletion, a legend of skill labels, statuses, two camps of numbered roles with skill lines, a role with
a skill table (with a 类型 column), camp sections with win / loss lines, a win table with a numbered
priority, an order list with a claim about it, numbered rules with points — and no defect, so every
check must stay silent on it.  ``edit(old, new)`` makes a defective copy.
"""

from __future__ import annotations

CLEAN = """[T1]示例版杀——规则帖

[T1]导演

版本更新

1.0版本更新
删除身份旧王。
1.1版本更新
调整了守夜人的技能。

[T1]导演

用语定义

技能
标明<强制>的技能不允许放弃发动。
标明<限定>的技能只允许发动一次。
标明[夜晚/白天]的技能只能在对应的时段发动。

状态
[沉默]：该状态下不能发动技能。
[守护]：该状态下不会因夜晚的攻击出局。

[T1]导演

【好人阵营】

1、守夜人
守望[夜晚]<限定>——选择一名角色，使其获得[守护]状态。

2、预言师
预言[夜晚]——查验一名角色的阵营。

3、哑巴
噤声[白天]<强制>——使一名角色获得[沉默]状态。

4、传话人
技能名称	发动时间	目标	具体描述	类型
传话	任意时间	指定一名角色	向目标传递一条信息	普通能力，主动发动
遥传	任意时间	指定两名角色	在两名角色之间传递信息，也可使用“技能·传话”	超能能力，主动发动

【坏人阵营】

1、刺客
刺杀[夜晚]——对一名角色造成出局。

2、幻术师
幻象[夜晚]——使一名角色的查验结果相反。

3、狼王
狼啸[夜晚]<强制>——所有坏人阵营角色获知狼王的身份。

[T1]导演

胜负判定

好人阵营
负 好人阵营的所有角色均出局。
坏人阵营
负 坏人阵营的所有角色均出局。
中立阵营
负 中立阵营的所有角色均出局。

如果多个阵营同时获胜，则按如下顺序：好人阵营，坏人阵营，中立阵营。

胜利条件
阵营	胜利条件	失败条件
好人	1：坏人阵营全灭 2：存活至第八天	1：好人阵营全灭
坏人	1：好人阵营全灭	1：坏人阵营全灭
中立	1：存活至最后	无
	PS：同时获胜时，好人阵营2>坏人阵营1>好人阵营1>中立阵营1

游戏流程

夜晚
1. 守夜人<守望>，刺客<刺杀>，预言师<预言>，幻术师<幻象>，有先后顺序。
2. 狼王<狼啸>在此时发动，传话人可以使用“超能技能·遥传”。
注：预言师在幻术师之前行动。

违规判定

1、发言
（1）禁止讨论场外信息
（2）禁止发誓
2、贴证
（1）禁止贴出聊天记录
3、其他
（1）导演认为违规的其他行为
"""


def edit(*pairs: tuple[str, str]) -> str:
    """``CLEAN`` with each ``old`` replaced by ``new`` (each ``old`` must occur exactly once)."""
    text = CLEAN
    for old, new in pairs:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text
