/** A numeric `--name=N` option of a benchmark's command line, or `fallback`. */
export function flag(name: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? Number(arg.split('=')[1]) : fallback;
}
