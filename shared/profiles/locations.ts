import { z } from 'zod';

/** Nigeria's 36 states and the Federal Capital Territory, then everywhere else. Codes are stable; labels are shown. */
export const LOCATIONS = {
  abia: 'Abia',
  adamawa: 'Adamawa',
  'akwa-ibom': 'Akwa Ibom',
  anambra: 'Anambra',
  bauchi: 'Bauchi',
  bayelsa: 'Bayelsa',
  benue: 'Benue',
  borno: 'Borno',
  'cross-river': 'Cross River',
  delta: 'Delta',
  ebonyi: 'Ebonyi',
  edo: 'Edo',
  ekiti: 'Ekiti',
  enugu: 'Enugu',
  fct: 'FCT (Abuja)',
  gombe: 'Gombe',
  imo: 'Imo',
  jigawa: 'Jigawa',
  kaduna: 'Kaduna',
  kano: 'Kano',
  katsina: 'Katsina',
  kebbi: 'Kebbi',
  kogi: 'Kogi',
  kwara: 'Kwara',
  lagos: 'Lagos',
  nasarawa: 'Nasarawa',
  niger: 'Niger',
  ogun: 'Ogun',
  ondo: 'Ondo',
  osun: 'Osun',
  oyo: 'Oyo',
  plateau: 'Plateau',
  rivers: 'Rivers',
  sokoto: 'Sokoto',
  taraba: 'Taraba',
  yobe: 'Yobe',
  zamfara: 'Zamfara',
  remote: 'Remote/abroad',
} as const;
export type TLocation = keyof typeof LOCATIONS;
export const LOCATION_CODES = Object.keys(LOCATIONS) as [TLocation, ...TLocation[]];
export const ZLocation = z.enum(LOCATION_CODES, { error: 'Choose a state, FCT or Remote/abroad' });

/** Languages people in Nigeria work and teach in, by ISO 639 code (pcm: Nigerian Pidgin). */
export const LANGUAGES = {
  en: 'English',
  pcm: 'Nigerian Pidgin',
  yo: 'Yorùbá',
  ha: 'Hausa',
  ig: 'Igbo',
  ff: 'Fulfulde',
  kr: 'Kanuri',
  ibb: 'Ibibio',
  efi: 'Efik',
  tiv: 'Tiv',
  ijc: 'Ijaw',
  bin: 'Edo (Bini)',
  urh: 'Urhobo',
  nup: 'Nupe',
  fr: 'French',
  ar: 'Arabic',
  pt: 'Portuguese',
  es: 'Spanish',
  de: 'German',
  zh: 'Chinese',
  sw: 'Swahili',
} as const;
export type TLanguage = keyof typeof LANGUAGES;
export const LANGUAGE_CODES = Object.keys(LANGUAGES) as [TLanguage, ...TLanguage[]];
export const ZLanguage = z.enum(LANGUAGE_CODES, { error: 'Choose languages from the list' });
