/**
 * Minimal `--flag value` parser: the CLI's needs are small and its errors must be precise.
 * Flags listed in `switches` take no value (their value reads "true").
 */
export function parseFlags(argv: string[], allowed: string[], switches: string[] = []): { flags: Record<string, string>; help: boolean } {
  const flags: Record<string, string> = {};
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--help' || arg === '-h') {
      help = true;
      continue;
    }
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!match) throw new UsageError(`unexpected argument "${arg}"`);
    const name = match[1] as string;
    if (!allowed.includes(name) && !switches.includes(name)) throw new UsageError(`unknown option --${name}`);
    if (switches.includes(name)) {
      if (match[2] !== undefined) throw new UsageError(`--${name} takes no value`);
      flags[name] = 'true';
      continue;
    }
    const value = match[2] ?? argv[++i];
    if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value`);
    flags[name] = value;
  }
  return { flags, help };
}

export class UsageError extends Error {}
