export interface SparklinePaths {
  /** The price line. */
  line: string;
  /** The same line closed down to the bottom edge, for the shaded area. */
  area: string;
}

/**
 * SVG paths for `values` stretched over a `width` × `height` box (y grows downwards, so higher prices
 * sit higher). A flat series is drawn through the middle. Null when there is nothing to draw.
 */
export function sparklinePaths(
  values: readonly number[],
  width: number,
  height: number,
  pad = 1,
): SparklinePaths | null {
  if (values.length < 2) return null;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const span = max - min;
  const innerHeight = height - pad * 2;
  const stepX = width / (values.length - 1);
  const points = values.map((v, i) => {
    const x = i * stepX;
    const y = span === 0 ? height / 2 : pad + innerHeight - ((v - min) / span) * innerHeight;
    return `${round(x)},${round(y)}`;
  });
  const line = `M${points.join('L')}`;
  return { line, area: `${line}L${round(width)},${height}L0,${height}Z` };
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
