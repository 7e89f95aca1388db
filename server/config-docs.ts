/** The README's table of environment variables, generated from `configVariables` (`npm run docs:config`). */
import { configVariables, type ConfigVariable } from './config';

export function formatConfigTable(variables: readonly ConfigVariable[] = configVariables): string {
  const rows = variables.map(
    (variable) =>
      `| \`${variable.name}\` | ${variable.default === undefined ? '(unset)' : `\`${variable.default}\``} | ${variable.description} |`,
  );
  return ['| Variable | Default | What it does |', '|---|---|---|', ...rows].join('\n');
}

if (process.argv[1]?.endsWith('config-docs.ts')) {
  process.stdout.write(`${formatConfigTable()}\n`);
}
