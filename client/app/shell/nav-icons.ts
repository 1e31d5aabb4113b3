import {
  BookOpen,
  Briefcase,
  CalendarClock,
  House,
  LayoutDashboard,
  UserRound,
  Users,
  type LucideIcon,
} from 'lucide-react';

/** Icons for the navigation labels of shared/navigation.ts. */
export const NAV_ICONS: Record<string, LucideIcon> = {
  Home: House,
  Courses: BookOpen,
  Jobs: Briefcase,
  Mentorship: Users,
  Talent: Users,
  Dashboard: LayoutDashboard,
  Sessions: CalendarClock,
  Profile: UserRound,
};
