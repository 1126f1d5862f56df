import { expect, it } from 'vitest';
import { describeEachDb } from '@/tests/helpers/db';
import { makeUser } from '@/tests/auth/helpers';
import { bannerPng } from '@/tests/render/helpers';
import { upload, useDocumentsTestEnv, waitForStatus } from './helpers';

/** A CSV voter list through the generator's upload, the parse in the sandbox and the draft (the names are invented). */

const HEADER = ['क्रम संख्या', 'नाम', 'पिता/पति का नाम', 'आयु', 'लिंग', 'EPIC No'];
const NAMES = ['राम कुमार', 'सीता देवी', 'मोहन लाल', 'गीता शर्मा'];
const ROWS = Array.from({ length: 12 }, (_, i) => [String(i + 1), NAMES[i % 4], NAMES[(i + 1) % 4], String(20 + i), i % 2 ? 'महिला' : 'पुरुष', `ABC${String(1000000 + i)}`]);

/** The list as Excel's "Unicode Text" saves it: UTF-16, little end first, with its mark; tab-separated. */
function unicodeText(rows: string[][]): Uint8Array {
  return Uint8Array.from([0xff, 0xfe, ...Buffer.from(rows.map((r) => r.join('\t')).join('\r\n') + '\r\n', 'utf16le')]);
}

describeEachDb('a CSV voter list from upload to draft', (ctx) => {
  useDocumentsTestEnv(ctx);

  it('a UTF-16 tab-separated .csv and a UTF-8 comma-separated one are accepted, parsed in the sandbox and drafted with every voter', async () => {
    const { tokens } = await makeUser(ctx.db);
    const token = tokens.access_token;
    const banner = { bytes: await bannerPng(400, 80), name: 'banner.png' };
    const files = [
      { bytes: unicodeText([HEADER, ...ROWS]), name: 'voters.csv' },
      { bytes: new TextEncoder().encode([HEADER, ...ROWS].map((r) => r.join(',')).join('\n')), name: 'Part 12.CSV' },
    ];
    for (const voterList of files) {
      const started = await upload(token, { voterList, banner });
      expect(started.status, voterList.name).toBe(201);
      const done = await waitForStatus(token, started.body.id as number, ['draft_complete', 'error']);
      expect(done, voterList.name).toMatchObject({ status: 'draft_complete', voters: 12, error_message: null });
    }
  });
});
