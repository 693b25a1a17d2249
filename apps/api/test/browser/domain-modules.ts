import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * Serves modules of the domain package to a test page as native ES
 * modules: each `.ts` file is transpiled on request (types stripped) and its
 * relative imports are rewritten to absolute `/m/...js` addresses, so the
 * browser loads exactly the source the tests run, with no bundler (esbuild
 * is not among the dependencies). Only relative imports are followed: a
 * module that imports a package (jose) cannot be served, which also proves
 * the browser module needs none.
 */
const SRC = resolve(__dirname, '..', '..', '..', '..', 'packages', 'domain', 'src');

function sourceOf(base: string): string | null {
  for (const candidate of [`${base}.ts`, join(base, 'index.ts')]) if (existsSync(candidate)) return candidate;
  return null;
}

/** The JavaScript for `/m/<path>.js`, or null when there is no such domain module. */
export function domainModule(urlPath: string): string | null {
  const match = /^\/m\/([A-Za-z0-9/_-]+)\.js$/.exec(urlPath);
  if (!match) return null;
  const file = sourceOf(join(SRC, match[1]));
  if (!file || !file.startsWith(SRC)) return null;
  const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, useDefineForClassFields: false },
    fileName: file,
  });
  return outputText.replace(/(\bfrom\s*|\bimport\s*)(['"])(\.{1,2}\/[^'"]+)\2/g, (whole, keyword: string, quote: string, specifier: string) => {
    const target = sourceOf(resolve(dirname(file), specifier));
    if (!target) return whole;
    const id = relative(SRC, target).replace(/\\/g, '/').replace(/(\/index)?\.ts$/, '');
    return `${keyword}${quote}/m/${id}.js${quote}`;
  });
}
