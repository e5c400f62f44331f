/**
 * Series colors. Light: ECharts' own palette. Dark: the same hues, with the three that sink into
 * a dark card (the blue, the slate and the purple, under 3:1 against it) lightened, so every
 * series reads against Mantine's dark surfaces (see palette.test.ts).
 */
const LIGHT = [
  '#5070dd',
  '#b6d634',
  '#505372',
  '#ff994d',
  '#0ca8df',
  '#ffd10a',
  '#fb628b',
  '#785db0',
  '#3fbe95',
] as const;

const DARK = [
  '#7b8ee8',
  '#b6d634',
  '#9aa6c8',
  '#ff994d',
  '#0ca8df',
  '#ffd10a',
  '#fb628b',
  '#9b83d9',
  '#3fbe95',
] as const;

/** The series palette for a color scheme, in ECharts' order. */
export const chartPalette = (scheme: 'light' | 'dark'): string[] => [
  ...(scheme === 'dark' ? DARK : LIGHT),
];

/** WCAG contrast ratio of two `#rrggbb` colors (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}
