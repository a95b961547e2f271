// Types of loopbackServices.mjs for the TypeScript configs that import it.
/** Debian's PostgreSQL binaries' folder (initdb, pg_ctl); throws naming the package when absent. */
export declare function findPostgresBin(): string
/** The redis-server binary; throws naming the package when absent. */
export declare function findRedisServer(): string
