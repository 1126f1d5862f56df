import { existsSync } from 'node:fs';
import path from 'node:path';

/** The shared real roll (read from ../shared, never copied into the project). */
export const ROLL_PATH = path.resolve(process.cwd(), '../shared/fixtures/rolls/daman-2017-part1-gujarati.pdf');
export const HAVE_ROLL = existsSync(ROLL_PATH);
export const NO_ROLL_REASON = `shared roll fixture not found at ${ROLL_PATH}`;
