export { ScheduleSection } from './ScheduleSection';
export { Timeline } from './Timeline';
