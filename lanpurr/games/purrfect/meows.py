"""The 29 meow words (P-2.3) that announce an offer's size (P-2.4), as data."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Meow:
    id: str
    word: str
    language: str


MEOWS: tuple[Meow, ...] = (
    Meow("w01", "Miao", "Italian"),
    Meow("w02", "Miau", "Spanish, German"),
    Meow("w03", "Meow", "English"),
    Meow("w04", "Miaou", "French"),
    Meow("w05", "Nyan", "Japanese"),
    Meow("w06", "Mjau", "Swedish, Norwegian"),
    Meow("w07", "Miauw", "Dutch"),
    Meow("w08", "Mňau", "Czech, Slovak"),
    Meow("w09", "Miyav", "Turkish"),
    Meow("w10", "Yaong", "Korean"),
    Meow("w11", "Mijau", "Serbian, Croatian"),
    Meow("w12", "Niaou", "Greek"),
    Meow("w13", "Myau", "Russian"),
    Meow("w14", "Meo", "Vietnamese"),
    Meow("w15", "Ngiyaw", "Tagalog"),
    Meow("w16", "Mew", "English"),
    Meow("w17", "Mrraow", "imitative"),
    Meow("w18", "Mraaoo", "imitative"),
    Meow("w19", "Miyu", "imitative"),
    Meow("w20", "Purrrt", "imitative (trill)"),
    Meow("w21", "Mrrp", "imitative (chirp)"),
    Meow("w22", "Nyaa", "Japanese"),
    Meow("w23", "Meong", "Indonesian"),
    Meow("w24", "Näu", "Estonian"),
    Meow("w25", "Mjá", "Icelandic"),
    Meow("w26", "Miav", "Danish"),
    Meow("w27", "Nyaong", "Korean"),
    Meow("w28", "Miaow", "British English"),
    Meow("w29", "Mrow", "imitative"),
)
MEOW_WORDS: tuple[str, ...] = tuple(meow.word for meow in MEOWS)
KEY_SIZE = 4
"""P-2.4: the numbers 1 to 4 each get one word."""
