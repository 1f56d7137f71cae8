/**
 * What modules offer each other: the one list of every tie between two modules (issue 41). A
 * module names what it needs in its descriptor (`needs: ['isLinked', 'notify']`) and receives
 * exactly those functions; the module that offers one adds its entry here from its own module.ts,
 *
 *   declare module '../capabilities.ts' {
 *     interface Capabilities {
 *       // Whether the pair shares a care link.
 *       isLinked: CareService['isLinked'];
 *     }
 *   }
 *
 * and returns it from `provides`. So no module imports another: they stand side by side, and this
 * interface, merged from every module.ts, is where to read who depends on whom
 * (docs/architecture.md).
 */
// Filled by the modules' declarations; empty on its own by design.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Capabilities {}

export type Capability = keyof Capabilities;
