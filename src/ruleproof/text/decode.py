"""Bytes → text.  UTF-8 (with or without BOM) or GB18030; anything else is rejected with one message."""

from __future__ import annotations

import re

from ruleproof.errors import BadInput

_CJK = re.compile(r"[\u4e00-\u9fff\u2e80-\u2fdf]")


def decode(data: bytes, name: str) -> tuple[str, str]:
    """Return ``(text, encoding)``; raise :class:`BadInput` for binary, empty or undecodable input."""
    if not data.strip():
        raise BadInput(f"{name}：文件为空", f"{name}: the file is empty")
    if b"\x00" in data[:65536]:
        raise BadInput(
            f"{name}：这是二进制文件，不是规则书文本（需要 UTF-8 或 GB18030 编码的纯文本）",
            f"{name}: binary file, not a rulebook text (UTF-8 or GB18030 plain text expected)",
        )
    text: str | None = None
    encoding = ""
    if data.startswith(b"\xef\xbb\xbf"):
        try:
            text, encoding = data[3:].decode("utf-8"), "utf-8-sig"
        except UnicodeDecodeError:
            text = None
    if text is None:
        try:
            text, encoding = data.decode("utf-8"), "utf-8"
        except UnicodeDecodeError:
            try:
                text, encoding = data.decode("gb18030"), "gb18030"
            except UnicodeDecodeError:
                raise BadInput(
                    f"{name}：无法识别的文本编码（支持 UTF-8、带 BOM 的 UTF-8、GB18030）",
                    f"{name}: unrecognized text encoding (UTF-8, UTF-8 with BOM and GB18030 are supported)",
                ) from None
    if not _CJK.search(text):
        raise BadInput(
            f"{name}：文本中没有中文字符，不像是中文规则书",
            f"{name}: no Chinese characters in the text; this does not look like a Chinese rulebook",
        )
    # Control characters other than line breaks and tabs mean a binary file decoded by luck.
    controls = sum(1 for ch in text[:65536] if ord(ch) < 32 and ch not in "\n\r\t\f")
    if controls > 8:
        raise BadInput(
            f"{name}：含大量控制字符，不是纯文本规则书",
            f"{name}: many control characters; not a plain-text rulebook",
        )
    return text.replace("\r\n", "\n").replace("\r", "\n"), encoding
