/** Types of scripts/notices.mjs (for the tests that import it). */
export interface NoticedPackage {
  name: string;
  version: string;
  license: string;
  /** Licence and notice files whose text is included. */
  files: string[];
}
export declare function packageFolderOf(input: string): string | undefined;
export declare function bundledPackageFolders(metafiles: unknown[]): string[];
export declare function thirdPartyNotices(root: string, metafiles: unknown[], bundleDependencies?: string[]): { text: string; packages: NoticedPackage[] };
export declare function writeThirdPartyNotices(root: string, dist: string, metafiles: unknown[], bundleDependencies: string[]): NoticedPackage[];
