/**
 * Compile-time check that a schema's inferred type and the model's hand-written
 * type are the same, so the zod-free model cannot drift from the validator:
 * `const _check: Same<z.infer<typeof schema>, Model> = true;`
 */
export type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
