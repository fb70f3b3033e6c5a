/**
 * Options shared by several commands, built on commander's `Option`.
 */
import { InvalidArgumentError, Option } from 'commander';
import { RELEASE_VERSIONS } from '../model/releases.js';
import { releaseNamed } from '../model/releaseNames.js';
import { nearest } from '../util/nearest.js';

/** The values an option takes, when it takes one of a list ({@link choiceOption}); shell completion offers them. */
export function choicesOf(option: Option): readonly string[] | undefined {
  return option.argChoices;
}

/**
 * An option whose value must be one of `values`; a wrong value is a usage error that names the allowed
 * values and the nearest one.
 * @param flags commander flags, e.g. `--format <format>`
 */
export function choiceOption(flags: string, description: string, values: readonly string[], defaultValue?: string): Option {
  const option = new Option(flags, description).argParser((value: string) => {
    if (values.includes(value)) return value;
    const near = nearest(value, values);
    throw new InvalidArgumentError(`Allowed values: ${values.join(', ')}.${near ? ` Did you mean '${near}'?` : ''}`);
  });
  // Shown by --help as "choices: ..." and read by shell completion; the parser above checks them.
  option.argChoices = [...values];
  return defaultValue === undefined ? option : option.default(defaultValue);
}

/** `--format text|json`, accepted by every command. */
export const formatOption = (): Option => choiceOption('--format <format>', 'output format', ['text', 'json'], 'text');

/**
 * An option whose value names a hub release: its id or any other of its names (`12.0`, `0.12`, `v12`;
 * src/model/releaseNames.ts), given to the command as the id. A wrong value is a usage error that lists the
 * ids and the nearest one.
 */
export function releaseChoiceOption(flags: string, description: string): Option {
  const ids = [...RELEASE_VERSIONS];
  const option = new Option(flags, description).argParser((value: string) => {
    const id = releaseNamed(value);
    if (id) return id;
    const near = nearest(value, ids);
    throw new InvalidArgumentError(`Allowed values: ${ids.join(', ')}.${near ? ` Did you mean '${near}'?` : ''}`);
  });
  option.argChoices = ids;
  return option;
}

/** `--release X`: build a release other than the one hub.yaml names. */
export const releaseOption = (): Option => releaseChoiceOption('--release <release>', "hub release to build instead of hub.yaml's");

/**
 * `--max-warnings N` (ESLint's option): exit 1 when more than N warnings are left. Without it warnings
 * alone exit 0. N is a whole number from 0.
 */
export const maxWarningsOption = (): Option =>
  new Option('--max-warnings <n>', 'exit 1 when more than n warnings are left (default: warnings alone exit 0)').argParser((value: string) => {
    if (!/^\d{1,9}$/.test(value)) throw new InvalidArgumentError('Give a whole number of warnings, 0 or more, e.g. --max-warnings 0.');
    return Number(value);
  });
