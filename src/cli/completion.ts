/**
 * Shell completion for hubc (`hubc completion bash|zsh|fish`), generated from the commands and options as
 * registered (src/cli/program.ts), so it cannot drift from them: the command names with their summaries,
 * each command's options, the values of an option that takes one of a list (`--release`, `--format`,
 * `--cloud`; {@link choicesOf}), files for an option that names a file, folders for one that names a folder,
 * and files for a command's arguments.
 *
 * The scripts follow each shell's own completion system: bash `complete -F` with `compgen`, zsh `#compdef`
 * with `_arguments` and `_describe`, fish `complete -c` with `__fish_seen_subcommand_from`.
 */
import type { Command, Option } from 'commander';
import { choicesOf } from './options.js';

/** The shells hubc writes a completion script for. */
export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

/** What completes the value of an option or an argument. */
type ValueKind = { kind: 'none' } | { kind: 'file' } | { kind: 'dir' } | { kind: 'choice'; values: readonly string[] } | { kind: 'text' };

/** One option as completion sees it. */
interface OptionSpec {
  long: string;
  short?: string;
  /** One line, for the shells that show descriptions. */
  summary: string;
  value: ValueKind;
}

/** One command as completion sees it. */
interface CommandSpec {
  name: string;
  summary: string;
  options: OptionSpec[];
  /** Whether the command takes arguments (completed as files, or as the values of the first argument's list). */
  args: boolean;
  argValues?: readonly string[];
}

/** The value kind of an option: its choices; else a file or folder by its value's name (`<file>`, `<dir>`); else free text. */
function valueOf(o: Option): ValueKind {
  if (!o.required && !o.optional) return { kind: 'none' };
  const choices = choicesOf(o);
  if (choices) return { kind: 'choice', values: choices };
  const name = /<([^>]+)>|\[([^\]]+)\]/.exec(o.flags)?.slice(1).find(Boolean) ?? '';
  if (/\bdir\b|folder/.test(name)) return { kind: 'dir' };
  return /\bfile\b/.test(name) ? { kind: 'file' } : { kind: 'text' };
}

/** The first sentence or clause of a description, on one line. */
function summaryOf(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.;:])\s|\s\(/)[0]!
    .replace(/[.;:]$/, '')
    .slice(0, 80);
}

/** The commands of a program, their options (with `--help`) and arguments, in the order `hubc --help` lists them. */
export function completionSpec(program: Command): CommandSpec[] {
  return program.commands.map((c) => ({
    name: c.name(),
    summary: summaryOf(c.summary() || c.description()),
    options: [
      ...c.options.map((o) => ({ long: o.long!, short: o.short, summary: summaryOf(o.description), value: valueOf(o) })),
      { long: '--help', short: '-h', summary: 'show help for the command', value: { kind: 'none' } as const },
    ],
    args: c.registeredArguments.length > 0,
    argValues: c.registeredArguments[0]?.argChoices,
  }));
}

/**
 * The completion script for a shell.
 * @param version hubc's version, recorded in the script's header
 */
export function completionScript(shell: Shell, program: Command, version: string): string {
  const spec = completionSpec(program);
  const header = `hubc ${shell} completion, written by \`hubc completion ${shell}\` (hubc ${version}) from its commands and options`;
  switch (shell) {
    case 'bash':
      return bashScript(spec, header);
    case 'zsh':
      return zshScript(spec, header);
    case 'fish':
      return fishScript(spec, header);
  }
}

/** Text as one single-quoted shell word (bash, zsh). */
const sq = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The words an option is written as. */
const flagsOf = (o: OptionSpec) => (o.short ? [o.short, o.long] : [o.long]);

function bashValue(o: OptionSpec): string | undefined {
  switch (o.value.kind) {
    case 'choice':
      return `COMPREPLY=($(compgen -W ${sq(o.value.values.join(' '))} -- "$cur"))`;
    case 'file':
      return 'COMPREPLY=($(compgen -f -- "$cur"))';
    case 'dir':
      return 'COMPREPLY=($(compgen -d -- "$cur"))';
    case 'text':
      return 'COMPREPLY=()';
    default:
      return undefined;
  }
}

function bashScript(spec: CommandSpec[], header: string): string {
  const cases = spec.map((c) => {
    const values = c.options.flatMap((o) => {
      const v = bashValue(o);
      return v ? [`        ${flagsOf(o).join('|')}) ${v}; return ;;`] : [];
    });
    const words = c.options.flatMap(flagsOf).join(' ');
    return [
      `    ${c.name})`,
      ...(values.length ? ['      case "$prev" in', ...values, '      esac'] : []),
      `      if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W ${sq(words)} -- "$cur"))`,
      `      else ${c.argValues ? `COMPREPLY=($(compgen -W ${sq(c.argValues.join(' '))} -- "$cur"))` : c.args ? 'COMPREPLY=($(compgen -f -- "$cur"))' : 'COMPREPLY=()'}; fi`,
      '      ;;',
    ].join('\n');
  });
  return `# ${header}.
# Load it in this shell: source <(hubc completion bash); for every shell, add that line to ~/.bashrc.
_hubc() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}" command="" i
  for ((i = 1; i < COMP_CWORD; i++)); do
    case "\${COMP_WORDS[i]}" in -*) ;; *) command="\${COMP_WORDS[i]}"; break ;; esac
  done
  if [[ -z "$command" ]]; then
    COMPREPLY=($(compgen -W ${sq([...spec.map((c) => c.name), '--help', '--version'].join(' '))} -- "$cur"))
    return
  fi
  case "$command" in
${cases.join('\n')}
  esac
}
complete -o filenames -F _hubc hubc
`;
}

/** Text inside a zsh `_arguments` description (`[...]`) or a `_describe` entry. */
const zshText = (text: string) => text.replace(/[[\]]/g, (c) => (c === '[' ? '(' : ')')).replace(/:/g, '\\:');

function zshOption(o: OptionSpec): string {
  const value =
    o.value.kind === 'choice'
      ? `:${o.long.slice(2)}:(${o.value.values.map((v) => v.replace(/([() \\])/g, '\\$1')).join(' ')})`
      : o.value.kind === 'file'
        ? ':file:_files'
        : o.value.kind === 'dir'
          ? ':folder:_files -/'
          : o.value.kind === 'text'
            ? `:${o.long.slice(2)}: `
            : '';
  const described = `[${zshText(o.summary)}]${value}`;
  return o.short ? `'(${o.short} ${o.long})'{${o.short},${o.long}}${sq(described)}` : sq(`${o.long}${described}`);
}

function zshScript(spec: CommandSpec[], header: string): string {
  const cases = spec.map((c) => {
    const args = c.argValues ? [sq(`1:argument:(${c.argValues.join(' ')})`)] : c.args ? [`'*:file:_files'`] : [];
    const specs = [...c.options.map(zshOption), ...args];
    return `    ${c.name})\n      _arguments -s \\\n        ${specs.join(' \\\n        ')}\n      ;;`;
  });
  return `#compdef hubc
# ${header}.
# Load it in this shell: source <(hubc completion zsh); for every shell, write it to a file named _hubc in a
# folder of $fpath (e.g. hubc completion zsh > ~/.zfunc/_hubc, with fpath+=~/.zfunc before compinit in ~/.zshrc).
_hubc() {
  local -a commands
  commands=(
${spec.map((c) => `    ${sq(`${c.name}:${zshText(c.summary)}`)}`).join('\n')}
  )
  if (( CURRENT == 2 )); then
    _describe -t commands 'hubc command' commands
    _arguments '(-h --help)'{-h,--help}'[show help]' '(-v --version)'{-v,--version}'[print the hubc version]'
    return
  fi
  shift words
  (( CURRENT-- ))
  case "\${words[1]}" in
${cases.join('\n')}
  esac
}
if [[ "\${zsh_eval_context[-1]}" == loadautofunc ]]; then
  _hubc "$@"
else
  compdef _hubc hubc
fi
`;
}

/** Text as one fish single-quoted word. */
const fq = (text: string) => `'${text.replace(/[\\']/g, '\\$&')}'`;

function fishOption(command: string, o: OptionSpec): string {
  const parts = [`complete -c hubc -n ${fq(`__fish_seen_subcommand_from ${command}`)}`, `-l ${o.long.slice(2)}`];
  if (o.short) parts.push(`-s ${o.short.slice(1)}`);
  if (o.value.kind === 'choice') parts.push('-x', `-a ${fq(o.value.values.join(' '))}`);
  else if (o.value.kind === 'file') parts.push('-r', '-F');
  else if (o.value.kind === 'dir') parts.push('-x', `-a ${fq('(__fish_complete_directories)')}`);
  else if (o.value.kind === 'text') parts.push('-x');
  parts.push(`-d ${fq(o.summary)}`);
  return parts.join(' ');
}

function fishScript(spec: CommandSpec[], header: string): string {
  const names = spec.map((c) => c.name).join(' ');
  const lines = [
    `# ${header}.`,
    '# Load it in this shell: hubc completion fish | source; for every shell: hubc completion fish > ~/.config/fish/completions/hubc.fish',
    'complete -c hubc -f',
    `complete -c hubc -n ${fq(`not __fish_seen_subcommand_from ${names}`)} -s h -l help -d ${fq('show help')}`,
    `complete -c hubc -n ${fq(`not __fish_seen_subcommand_from ${names}`)} -s v -l version -d ${fq('print the hubc version')}`,
    ...spec.map((c) => `complete -c hubc -n ${fq(`not __fish_seen_subcommand_from ${names}`)} -a ${c.name} -d ${fq(c.summary)}`),
    ...spec.flatMap((c) => [
      ...(c.argValues
        ? [`complete -c hubc -n ${fq(`__fish_seen_subcommand_from ${c.name}`)} -a ${fq(c.argValues.join(' '))}`]
        : c.args
          ? [`complete -c hubc -n ${fq(`__fish_seen_subcommand_from ${c.name}`)} -F`]
          : []),
      ...c.options.map((o) => fishOption(c.name, o)),
    ]),
  ];
  return `${lines.join('\n')}\n`;
}
