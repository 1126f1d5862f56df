import type { ParseReport } from '../../types';
import { asciiDigits } from '../numbers';
import { COLUMN } from '../engines/text-layer';

/**
 * The roll's own facts from its clean text lines (cover and page headers), in English, Hindi and
 * Gujarati label forms (2017 and 2025 wording): assembly constituency number and name, part number,
 * section, polling station name and address, year. Labels are matched loosely (producers split
 * words into pieces).
 */
type Header = ParseReport['header'];

const sp = (s: string) => s.replace(/ /g, '\\s*');
const ASSEMBLY = new RegExp(`(?:Assembly\\s*Constituency|${sp('विधान सभा')}|${sp('વિધાનસભા')})[^:：\\n]*[:：]\\s*[:：]?\\s*(\\d{1,3})\\s*-\\s*([^\\n]+)`, 'iu');
const PART = new RegExp(`(?:Part\\s*No\\.?|Part\\s*Number|${sp('भाग सं')}\\S*|${sp('ભાગ નં')}\\S*)\\s*[:：\\-]*\\s*([0-9\\u0966-\\u096F\\u0AE6-\\u0AEF]{1,4})`, 'iu');
/** A section line at the start of a line (the assembly line also says "…number and name"). */
const SECTION = new RegExp(`^(?:Section\\s*No\\.?\\s*and\\s*Name|${sp('अनुभाग की संख्या व नाम')}|${sp('अनुभाग संख्या व नाम')}|${sp('अनुभाग संख्या एवं नाम')}|${sp('अनुभाग की संख्या एवं नाम')}|${sp('વિભાગનો નંબર અને નામ')})\\s*[:：]?\\s*[:：]?\\s*(\\d{1,3}\\s*-\\s*\\S[^\\n]*)`, 'iu');
const STATION = new RegExp(`(?:(?:No\\.?\\s*and\\s*)?Name\\s*of\\s*Polling\\s*Station|Polling\\s*Station\\s*No\\.?\\s*and\\s*Name|${sp('मतदान केन्द्र की संख्या')}\\s*(?:व|एवं)\\s*नाम|${sp('मतदान केंद्र की संख्या')}\\s*(?:व|एवं)\\s*नाम|${sp('મતદાન મથકનો નંબર અને નામ')}|${sp('મતદાન કેન્દ્રનો')}\\s*ક્રમા\\u0A82?ક\\s*અને\\s*નામ)\\s*[:：]?`, 'iu');
/** A bare "Polling Station : value" line (rolls and lists that give no number). */
const STATION_BARE = new RegExp(`^(?:Polling\\s*Station|${sp('मतदान केन्द्र')}|${sp('मतदान केंद्र')}|${sp('મતદાન મથક')})\\s*[:：]\\s*(\\S[^\\n]*)`, 'iu');
const ADDRESS = new RegExp(`(?:Address\\s*of\\s*Polling\\s*Station|(?:${sp('मतदान केन्द्र का')}|${sp('मतदान केंद्र का')})[^:\\n]*${sp('पता')}|${sp('મતદાન મથકનું')}[^:\\n]*${sp('સરનામું')})\\s*[:：]?`, 'iu');
const YEAR = new RegExp(`(?:Year\\s*of\\s*Revision|Roll\\s*Year|${sp('वर्ष')}|${sp('વર્ષ')}|${sp('વષર્')}|${sp('મતદારયાદી')}|${sp('मतदाता सूची')}|${sp('निर्वाचक नामावली')}|Electoral\\s*Roll)\\D{0,30}((?:19|20)\\d\\d)`, 'iu');
/** A numbered block heading of the cover ("4. Number of electors"). */
const HEADING = /^\d{1,2}\s*\.\s/;

function clip(s: string, n: number): string {
  return s.replace(/\s+/g, ' ').trim().slice(0, n);
}

/** The first column of a value (what follows a column break belongs to another field). */
function firstColumn(s: string): string {
  return s.split(COLUMN).find((c) => c.trim() !== '') ?? '';
}

/** The polling station's "number - name" on the label's line or within the next two lines. */
function stationName(lines: string[], at: number, after: string): string | undefined {
  for (const candidate of [after, lines[at + 1] ?? '', lines[at + 2] ?? '']) {
    // "12 - School", or "12 , School" (older Gujarati covers)
    const m = /^\s*(\d{1,4}\s*[-,]\s*\S.*)$/u.exec(firstColumn(candidate));
    if (m) return clip(m[1], 160);
  }
  return undefined;
}

/**
 * The address: the rest of the label's line and the lines after it, up to the next heading. When
 * the label's line goes on only after a column break and lines follow below, the address is below
 * and the far column another field (a scanned cover's table).
 */
function stationAddress(lines: string[], at: number, after: string): string | undefined {
  const below: string[] = [];
  for (let k = at + 1; k < lines.length && k <= at + 4; k++) {
    // a line that starts in another column (a scanned cover's lines mark it) is another field
    if (lines[k].startsWith(COLUMN)) continue;
    // its first column: what follows a column break is another field
    const l = lines[k].trim().split(COLUMN)[0].trim();
    if (!l || HEADING.test(l) || /[:：]\s*$/.test(l)) break;
    below.push(l);
  }
  const same = below.length > 0 ? after.split(COLUMN)[0].trim() : after.trim();
  const parts = same ? [same, ...below] : below;
  return parts.length ? clip(parts.join(', ').replace(/,\s*,/g, ','), 240) : undefined;
}

export function readHeader(lines: string[]): Header {
  const header: Header = {};
  const text = lines.join('\n');
  const part = PART.exec(text);
  if (part) header.part = asciiDigits(part[1]);
  const ac = ASSEMBLY.exec(text);
  if (ac) {
    header.assemblyNumber = ac[1];
    // the part number often follows on the same line
    header.assemblyName = clip(firstColumn(ac[2]).split(/\s+(?:Part\s*No|भाग\s*सं|ભાગ\s*નં)/iu)[0], 120);
    header.assembly = `${header.assemblyNumber} - ${header.assemblyName}`;
  }
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const section = header.section ? null : SECTION.exec(line.trim());
    if (section) header.section = clip(firstColumn(section[1]), 160);
    const st = header.pollingStation ? null : STATION.exec(line);
    if (st) {
      const name = stationName(lines, i, line.slice(st.index + st[0].length));
      if (name) header.pollingStation = name;
    }
    const bare = header.pollingStation ? null : STATION_BARE.exec(line.trim());
    if (bare) header.pollingStation = clip(firstColumn(bare[1]), 160);
    const ad = header.pollingStationAddress ? null : ADDRESS.exec(line);
    if (ad) {
      // the white space after the label stays with the value: it may hold a column break
      const address = stationAddress(lines, i, line.slice(ad.index + ad[0].trimEnd().length));
      if (address) header.pollingStationAddress = address;
    }
  }
  const year = YEAR.exec(text);
  if (year) header.year = year[1];
  return header;
}

/** The section a voter page's header names ("Section No and Name 3-…"), if any. */
export function pageSection(lines: string[]): string | undefined {
  for (const line of lines) {
    const m = SECTION.exec(line.trim());
    if (m) return clip(m[1], 160);
  }
  return undefined;
}
