// Type-checks generated TypeScript in memory with the TypeScript compiler (strict), for the types tests.
import ts from 'typescript';

const OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2022.d.ts'],
  types: [],
  skipLibCheck: true,
};

/** The diagnostics of a program made of `files` (name → text, e.g. `types.ts`), as "file:line: message". */
export function compile(files: Record<string, string>): string[] {
  const root = '/virtual/';
  const host = ts.createCompilerHost(OPTIONS);
  const ownFile = (name: string) => (name.startsWith(root) ? files[name.slice(root.length)] : undefined);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version, onError) => {
    const text = ownFile(name);
    return text !== undefined ? ts.createSourceFile(name, text, version) : getSourceFile(name, version, onError);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => ownFile(name) !== undefined || (!name.startsWith(root) && fileExists(name));
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => ownFile(name) ?? (name.startsWith(root) ? undefined : readFile(name));
  const directoryExists = host.directoryExists?.bind(host);
  host.directoryExists = (name) => `${name}/`.startsWith(root) || (directoryExists?.(name) ?? false);
  host.realpath = (name) => name;
  host.getCurrentDirectory = () => root;
  const program = ts.createProgram(
    Object.keys(files).map((name) => root + name),
    OPTIONS,
    host,
  );
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where =
      d.file && d.start !== undefined
        ? `${d.file.fileName.slice(root.length)}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}: `
        : '';
    return `${where}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}
