/** Where the compiled CLI's entry lies, and whether dist/ is at least as new as every file under src/. */
export declare const compiledEntry: URL;
export declare function compiledIsFresh(): boolean;
