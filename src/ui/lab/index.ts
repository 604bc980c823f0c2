export { ExercisePanel } from './ExercisePanel';
export { ExercisesMenu, LabFileNotice } from './ExercisesMenu';
