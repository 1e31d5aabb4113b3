// The jobs feature's public surface: a job card for other areas' pages (recommendations on home).
export { JobCard } from './components/job-card';
