"""Small synthetic rulebooks for the lint: one clean book, and one edit per defect.

``CLEAN`` has every structure the checks read — a general layer (0.2), the exception rule (0.3), an
exception registry, a ten-gate checklist, a role chapter whose sections carry ten-gate lines, a
layer order restated in the glossary, a number restated with its citation, and a revision log —
and no defect, so every check must stay silent on it.  ``edit(old, new)`` makes a defective copy.
"""

from __future__ import annotations

CLEAN = """示例规则书 · 正文 v0.1

0.1 总则

本书为示例，供检查工具测试。

0.2 通则层

通则层＝机制类通则（2.1 层序通则、2.2 公告通则）。

0.3 通则优先，例外须显式声明

凡专门条款与通则不一致者，须于该条款内标注并登记入例外登记册；未登记者不生效。

一、基础规则

1.1 玩家配置

玩家总数 9 人。初始倒计时 12 昼夜。

1.2 判定顺序

同一节点同时满足多条时，按下列顺序取最先命中者：

①人类清场胜利

②异形清场胜利

1.3 夜间步骤总表

序号在前的步骤先结算。步骤 1 查验；步骤 2 保护；步骤 3 出刀。

二、状态与流程

2.1 层序通则

层序为「保护→巡逻→护甲」，类内依明文。

2.2 公告通则

各批次只声明相对默认的差量。

2.3 例外登记册

凡偏离通则者，须于该条款内标注并登记于此。

项 位置 一句话标签 状态①3.1② 护甲不参与巡逻之后的层序 有效②3.2 警长子弹 2 发存储上限 有效

2.4 接入检查（十关）

新增者须于其条款末附「十关核验」一行。①行动位归属（1.3）｜②可见性（2.2）｜③发起者记账（2.1）⸺新增者无须就本关另作说明。

三、人类阵营（人物技能）

3.1 工匠

①铸造护甲，库存上限 3 件。

②护甲之层序另定〔通则 2.1 之例外，登记于 2.3①〕。

3.1.1 十关核验

①行动位＝步骤 2｜②可见性＝不公开。

3.2 警长

警长子弹存储上限 2 发〔通则 2.1 之例外〕。十关核验：①行动位＝步骤 3｜②可见性＝不公开。

附录一 术语表

库存上限 工匠护甲之库存上限 3 件（3.1）。层序依 2.1 为「保护→巡逻→护甲」。

附录二 修订记录

A-1 3.1⸺「库存上限 2 件」改为「库存上限 3 件」。
"""


def edit(*pairs: tuple[str, str], base: str = CLEAN) -> str:
    """``base`` with each ``old`` replaced by ``new`` (each ``old`` must occur exactly once)."""
    text = base
    for old, new in pairs:
        assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times"
        text = text.replace(old, new)
    return text
