export { createClock } from '@salon/shared';
export type Clock = () => Date;
