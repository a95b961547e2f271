// The soak's picture (bench/scale-soak.svg), written by hand from the samples: two charts over
// the soak's seconds, each replica's RSS and heap used (MiB) above and its event-loop delay p99
// (ms) below, one coloured line per replica and series, axes with ticks and labels, a legend.

const colours = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b', '#e377c2']
const width = 900
const chartHeight = 260
const margin = { left: 70, right: 180, top: 40, bottom: 50 }

/** Up to about `count` round tick values from 0 to at least `max`. */
export function ticks(max, count = 5) {
  if (!(max > 0)) return [0, 1]
  const raw = max / count
  const power = 10 ** Math.floor(Math.log10(raw))
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((value) => value >= raw) ?? raw
  const values = []
  for (let value = 0; value < max + step / 2; value += step)
    values.push(Number(value.toPrecision(12)))
  if ((values.at(-1) ?? 0) < max) values.push(Number(((values.at(-1) ?? 0) + step).toPrecision(12)))
  return values
}

const xmlText = (text) =>
  String(text).replace(
    /[&<>"]/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char],
  )

/**
 * One chart at `top`: `series` ({ label, colour, dash, points: [seconds, value][] }) over
 * 0…`lastSecond`.
 */
function chart({ top, title, yLabel, series, lastSecond }) {
  const plotWidth = width - margin.left - margin.right
  const plotHeight = chartHeight - margin.top - margin.bottom
  const maxY = Math.max(0, ...series.flatMap(({ points }) => points.map(([, y]) => y)))
  const yTicks = ticks(maxY)
  const xTicks = ticks(lastSecond, 6)
  const yTop = yTicks.at(-1) ?? 1
  const xEnd = xTicks.at(-1) ?? 1
  const x = (seconds) => margin.left + (seconds / xEnd) * plotWidth
  const y = (value) => top + margin.top + plotHeight - (value / yTop) * plotHeight
  const bottom = top + margin.top + plotHeight
  const parts = [
    `<text x="${width / 2}" y="${top + 22}" text-anchor="middle" font-size="15" font-weight="bold">${xmlText(title)}</text>`,
    `<line x1="${margin.left}" y1="${bottom}" x2="${margin.left + plotWidth}" y2="${bottom}" stroke="#333"/>`,
    `<line x1="${margin.left}" y1="${top + margin.top}" x2="${margin.left}" y2="${bottom}" stroke="#333"/>`,
    ...yTicks.map(
      (value) =>
        `<line x1="${margin.left - 4}" y1="${y(value)}" x2="${margin.left + plotWidth}" y2="${y(value)}" stroke="#ddd"/>` +
        `<text x="${margin.left - 8}" y="${y(value) + 4}" text-anchor="end" font-size="11">${value}</text>`,
    ),
    ...xTicks.map(
      (value) =>
        `<line x1="${x(value)}" y1="${bottom}" x2="${x(value)}" y2="${bottom + 4}" stroke="#333"/>` +
        `<text x="${x(value)}" y="${bottom + 17}" text-anchor="middle" font-size="11">${value}</text>`,
    ),
    `<text x="${margin.left + plotWidth / 2}" y="${bottom + 38}" text-anchor="middle" font-size="12">seconds into the soak</text>`,
    `<text x="18" y="${top + margin.top + plotHeight / 2}" text-anchor="middle" font-size="12" transform="rotate(-90 18 ${top + margin.top + plotHeight / 2})">${xmlText(yLabel)}</text>`,
    ...series.map(
      ({ colour, dash, points }) =>
        `<polyline fill="none" stroke="${colour}" stroke-width="1.8"${dash ? ' stroke-dasharray="5 3"' : ''} points="${points
          .map(([seconds, value]) => `${x(seconds).toFixed(1)},${y(value).toFixed(1)}`)
          .join(' ')}"/>`,
    ),
    ...series.map(
      ({ label, colour, dash }, index) =>
        `<line x1="${width - margin.right + 15}" y1="${top + margin.top + 8 + index * 18}" x2="${width - margin.right + 40}" y2="${top + margin.top + 8 + index * 18}" stroke="${colour}" stroke-width="2"${dash ? ' stroke-dasharray="5 3"' : ''}/>` +
        `<text x="${width - margin.right + 46}" y="${top + margin.top + 12 + index * 18}" font-size="11">${xmlText(label)}</text>`,
    ),
  ]
  return parts.join('\n')
}

/**
 * The SVG document of the soak's samples (soakSamples.mjs).
 * @param {import('./soakSamples.mjs').SoakSample[]} samples
 * @param {{ title: string }} options
 */
export function soakSvg(samples, { title }) {
  const replicas = [...new Set(samples.map((sample) => sample.replica))].sort()
  const lastSecond = Math.max(1, ...samples.map((sample) => sample.atSeconds))
  const pointsOf = (replica, pick) =>
    samples
      .filter((sample) => sample.replica === replica)
      .sort((a, b) => a.atSeconds - b.atSeconds)
      .map((sample) => [sample.atSeconds, pick(sample)])
  const MiB = 1024 * 1024
  const memory = replicas.flatMap((replica, index) => [
    {
      label: `${replica} RSS`,
      colour: colours[index % colours.length],
      dash: false,
      points: pointsOf(replica, (sample) => sample.rssBytes / MiB),
    },
    {
      label: `${replica} heap used`,
      colour: colours[index % colours.length],
      dash: true,
      points: pointsOf(replica, (sample) => sample.heapUsedBytes / MiB),
    },
  ])
  const delay = replicas.map((replica, index) => ({
    label: `${replica} event-loop p99`,
    colour: colours[index % colours.length],
    dash: false,
    points: pointsOf(replica, (sample) => sample.eventLoopDelayP99Ms),
  }))
  const height = chartHeight * 2 + 30
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif">`,
    // What the picture is, for those who can't see it.
    `<title>${xmlText(title)}: each replica's memory and event-loop delay p99 over the soak</title>`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<text x="${width / 2}" y="18" text-anchor="middle" font-size="13" fill="#555">${xmlText(title)}</text>`,
    chart({ top: 20, title: 'Memory per replica', yLabel: 'MiB', series: memory, lastSecond }),
    chart({
      top: 20 + chartHeight,
      title: 'Event-loop delay p99 per replica',
      yLabel: 'ms',
      series: delay,
      lastSecond,
    }),
    '</svg>',
    '',
  ].join('\n')
}
