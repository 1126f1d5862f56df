/**
 * The `vsg` command line (README, Command line): `npm run vsg -- <command> [options]`.
 * Each command lives in scripts/vsg/<command>.ts and returns its exit status.
 */
type Command = (argv: string[]) => Promise<number>;

const commands: Record<string, { summary: string; load: () => Promise<Command> }> = {
  parse: {
    summary: 'parse <voter-list> [--json]   read a roll PDF or Excel file and report the voters',
    load: async () => (await import('./vsg/parse')).parseCommand,
  },
  slips: {
    summary:
      'slips --voters <file> --banner <image> --address <text> --out <pdf> [--page-size a4|a3|letter|legal|roll58|roll80] [--orientation portrait|landscape] [--per-page N] [--photos] [--draft]',
    load: async () => (await import('./vsg/slips')).slipsCommand,
  },
  'create-admin': {
    summary: 'create-admin --email <e> --password <p>   create or promote an admin',
    load: async () => (await import('./vsg/create-admin')).createAdminCommand,
  },
};

function usage(): string {
  return ['usage: npm run vsg -- <command> [options]', '', ...Object.values(commands).map((c) => `  ${c.summary}`)].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h') {
    console.log(usage());
    return name ? 0 : 2;
  }
  const command = commands[name];
  if (!command) {
    console.error(`vsg: unknown command '${name}'.\n${usage()}`);
    return 2;
  }
  try {
    return await (await command.load())(rest);
  } catch (error) {
    console.error(`vsg ${name}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

/**
 * Exits once everything written to stdout has gone out: into a pipe (`vsg parse --json | jq`) writes
 * are asynchronous, and exiting at once cut the output at the pipe's buffer (64 KB).
 */
function exitWhenWritten(code: number): void {
  process.stdout.write('', () => process.exit(code));
}

main(process.argv.slice(2)).then(exitWhenWritten, (error: unknown) => {
  console.error(error);
  exitWhenWritten(1);
});
