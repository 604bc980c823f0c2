/**
 * The page's churn follows its object count. The rates are events per second (as the fields,
 * links and model take them), and by default they are the model's rates per 1,000 objects
 * times the objects; a change of the object count (typed, imported, or set by a story step)
 * scales them with it, so each object sees the same events per second at any size.
 */
import { DEFAULT_CHURN_PER_1000 } from '../sim/params';
import { LIMITS, type SimParams } from './params';

/** The churn fields of the page's parameters. */
export type ChurnFields = Pick<SimParams, 'addedPerSec' | 'modifiedPerSec' | 'deletedPerSec'>;

/** The default churn for `objects` objects: the rates per 1,000 objects times the objects. */
export function defaultChurn(objects: number): ChurnFields {
  const per = DEFAULT_CHURN_PER_1000;
  return {
    addedPerSec: (per.addsPerSecond * objects) / 1000,
    modifiedPerSec: (per.modifiesPerSecond * objects) / 1000,
    deletedPerSec: (per.deletesPerSecond * objects) / 1000,
  };
}

/** A rate per second as a rate per 1,000 of `objects` objects. */
export function per1000(ratePerSecond: number, objects: number): number {
  return (ratePerSecond * 1000) / objects;
}

/**
 * `p` with `objects` objects and its churn scaled by the same factor (within the fields'
 * bounds): the events each object sees per second stay as they were.
 */
export function withObjects(p: SimParams, objects: number): SimParams {
  if (objects === p.objects) return p;
  const scale = (v: number) => Math.min(LIMITS.addedPerSec.max, (v * objects) / p.objects);
  return { ...p, objects, addedPerSec: scale(p.addedPerSec), modifiedPerSec: scale(p.modifiedPerSec), deletedPerSec: scale(p.deletedPerSec) };
}
