"""Colour measurements for the look tests: WCAG contrast, CIEDE2000 and colour-vision deficiency.

Plain Python on sRGB triples (0-255), so a test states a threshold on the
numbers a person's eye would see. The formulas are the published ones:

- WCAG 2.1 relative luminance and contrast ratio (1 to 21);
- CIE L*a*b* (D65) and the CIEDE2000 colour difference (Sharma, Wu and Dalal,
  2005: their test pairs check this code in ``tests/test_target_contrast.py``);
- Machado, Oliveira and Fernandes (2009) simulation of protanopia,
  deuteranopia and tritanopia at severity 1.0, applied to linear RGB.
"""

from __future__ import annotations

import math

Colour = tuple[float, float, float]

__all__ = [
    "CVD_MATRICES",
    "Colour",
    "composite",
    "contrast_ratio",
    "delta_e_2000",
    "lab",
    "lab_delta_e_2000",
    "relative_luminance",
    "simulate",
]


def _linear(channel: float) -> float:
    value = channel / 255
    return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4


def _encoded(value: float) -> float:
    value = min(1.0, max(0.0, value))
    return 255 * (value * 12.92 if value <= 0.0031308 else 1.055 * value ** (1 / 2.4) - 0.055)


def relative_luminance(colour: Colour) -> float:
    """WCAG 2.1 relative luminance of an sRGB colour (0 black, 1 white)."""
    r, g, b = (_linear(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(first: Colour, second: Colour) -> float:
    """WCAG 2.1 contrast ratio between two colours, 1 (none) to 21 (black on white).

    >>> round(contrast_ratio((0, 0, 0), (255, 255, 255)), 1)
    21.0
    """
    a, b = relative_luminance(first), relative_luminance(second)
    lighter, darker = max(a, b), min(a, b)
    return (lighter + 0.05) / (darker + 0.05)


def composite(base: Colour, over: Colour, alpha: float) -> Colour:
    """``over`` drawn with opacity ``alpha`` (0..1) on ``base``, as SDL blends (in sRGB values)."""
    return tuple(b + (o - b) * alpha for b, o in zip(base, over, strict=True))  # type: ignore[return-value]


def lab(colour: Colour) -> tuple[float, float, float]:
    """CIE L*a*b* of an sRGB colour, D65 white."""
    r, g, b = (_linear(c) for c in colour)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def lab_delta_e_2000(lab1: tuple[float, float, float], lab2: tuple[float, float, float]) -> float:
    """CIEDE2000 difference between two L*a*b* colours (kL = kC = kH = 1)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    c_mean = (c1 + c2) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1p, a2p = a1 * (1 + g), a2 * (1 + g)
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dlp = l2 - l1
    dcp = c2p - c1p
    if c1p * c2p == 0:
        dhp = 0.0
    elif abs(h2p - h1p) <= 180:
        dhp = h2p - h1p
    elif h2p - h1p > 180:
        dhp = h2p - h1p - 360
    else:
        dhp = h2p - h1p + 360
    dhp_big = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dhp / 2))
    lp_mean = (l1 + l2) / 2
    cp_mean = (c1p + c2p) / 2
    if c1p * c2p == 0:
        hp_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hp_mean = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        hp_mean = (h1p + h2p + 360) / 2
    else:
        hp_mean = (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(hp_mean - 30))
        + 0.24 * math.cos(math.radians(2 * hp_mean))
        + 0.32 * math.cos(math.radians(3 * hp_mean + 6))
        - 0.20 * math.cos(math.radians(4 * hp_mean - 63))
    )
    d_theta = 30 * math.exp(-(((hp_mean - 275) / 25) ** 2))
    rc = 2 * math.sqrt(cp_mean**7 / (cp_mean**7 + 25**7))
    sl = 1 + 0.015 * (lp_mean - 50) ** 2 / math.sqrt(20 + (lp_mean - 50) ** 2)
    sc = 1 + 0.045 * cp_mean
    sh = 1 + 0.015 * cp_mean * t
    rt = -math.sin(math.radians(2 * d_theta)) * rc
    return math.sqrt(
        (dlp / sl) ** 2 + (dcp / sc) ** 2 + (dhp_big / sh) ** 2 + rt * (dcp / sc) * (dhp_big / sh)
    )


def delta_e_2000(first: Colour, second: Colour) -> float:
    """CIEDE2000 difference between two sRGB colours: about 2.3 is a just-noticeable difference."""
    return lab_delta_e_2000(lab(first), lab(second))


CVD_MATRICES: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
"""Machado et al. (2009), severity 1.0, on linear RGB."""


def simulate(colour: Colour, deficiency: str) -> Colour:
    """How ``colour`` looks to a person with ``deficiency`` (a key of ``CVD_MATRICES``)."""
    linear = [_linear(c) for c in colour]
    matrix = CVD_MATRICES[deficiency]
    return tuple(_encoded(sum(m * c for m, c in zip(row, linear, strict=True))) for row in matrix)  # type: ignore[return-value]
