import { describe, expect, test } from 'vitest'
import { memoryLogger } from '../test/logs'
import { createLogger } from './logger'

describe('createLogger', () => {
  test('behavior: writes one JSON line per entry with the level name, an ISO time, the fields and msg', () => {
    const { logger, entries } = memoryLogger('info')
    logger.info({ cache: 'memory' }, 'listening on http://127.0.0.1:8787')
    expect(entries()).toEqual([
      {
        level: 'info',
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        cache: 'memory',
        msg: 'listening on http://127.0.0.1:8787',
      },
    ])
  })

  test('behavior: an error under err is logged with its type, message and stack', () => {
    const { logger, entries } = memoryLogger('info')
    logger.error({ err: new TypeError('no such table') }, 'unhandled error')
    expect(entries()[0]).toMatchObject({
      level: 'error',
      msg: 'unhandled error',
      err: {
        type: 'TypeError',
        message: 'no such table',
        stack: expect.stringContaining('TypeError'),
      },
    })
  })

  test('behavior: lines below the level are dropped; silent drops all', () => {
    const atWarn = memoryLogger('warn')
    atWarn.logger.info('start-up detail')
    atWarn.logger.warn('redis unavailable')
    expect(atWarn.entries().map((entry) => entry.msg)).toEqual(['redis unavailable'])

    const silent = memoryLogger('silent')
    silent.logger.fatal('cannot listen')
    expect(silent.entries()).toEqual([])
  })

  test('behavior: info by default', () => {
    const lines: string[] = []
    const logger = createLogger({ destination: { write: (line) => void lines.push(line) } })
    logger.debug('not shown')
    logger.info('shown')
    expect(lines.map((line) => JSON.parse(line).msg)).toEqual(['shown'])
  })

  test('behavior: a child carries its fields on every line', () => {
    const { logger, entries } = memoryLogger('info')
    logger.child({ requestId: 'r-1' }).warn('slow')
    expect(entries()[0]).toMatchObject({ requestId: 'r-1', msg: 'slow' })
  })
})
