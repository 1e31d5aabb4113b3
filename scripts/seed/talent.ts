import type { AllServices } from '#server/platform/module';
import type { TUser } from '#shared/accounts/accounts.schemas';
import { holdsRole, type TRole } from '#shared/roles';

type MakePerson = (username: string, fullName: string, role: TRole) => Promise<TUser>;

/** [username, full name, headline, skills, hourly rate in naira, availability]. */
const TALENTS: Array<[string, string, string, string[], number, 'available_now' | 'available_from' | 'not_available']> = [
  ['kelechi', 'Kelechi Uzo', 'Brand designer for small businesses', ['logo-design', 'branding', 'adobe-illustrator'], 12_000, 'available_now'],
  ['funmi', 'Funmilayo Adeyemi', 'UI/UX designer, mobile first', ['ui-ux-design', 'figma', 'product-design'], 15_000, 'available_now'],
  ['segun', 'Segun Ojo', 'Full-stack developer (Node.js, React)', ['node-js', 'react', 'postgresql', 'typescript'], 20_000, 'available_now'],
  ['hauwa', 'Hauwa Garba', 'Data analyst: Excel, Power BI, SQL', ['data-analysis', 'microsoft-excel', 'power-bi', 'sql'], 10_000, 'available_now'],
  ['chidi', 'Chidi Nnamdi', 'Flutter developer for Android and iOS', ['flutter', 'dart', 'mobile-app-development'], 18_000, 'available_from'],
  ['bisi', 'Bisi Alabi', 'Copywriter and content strategist', ['copywriting', 'content-writing', 'content-marketing'], 8_000, 'available_now'],
  ['yusuf', 'Yusuf Abdullahi', 'Video editor and motion graphics', ['video-editing', 'motion-graphics', 'animation'], 9_000, 'available_now'],
  ['amara', 'Amarachi Okeke', 'Social media manager for food brands', ['social-media-management', 'social-media-marketing', 'canva'], 6_000, 'available_now'],
  ['dayo', 'Dayo Ogunleye', 'Python and Django backend developer', ['python', 'django', 'rest-apis'], 17_000, 'not_available'],
  ['zainab', 'Zainab Lawal', 'Translator: English, Hausa and French', ['translation', 'hausa-teaching', 'french-teaching'], 5_000, 'available_now'],
  ['obinna', 'Obinna Eze', 'WordPress sites for shops and schools', ['wordpress', 'web-design', 'e-commerce'], 11_000, 'available_now'],
  ['tolu', 'Tolulope Bankole', 'Photographer for events and products', ['photography', 'photo-editing'], 7_000, 'available_now'],
  ['musa', 'Musa Danjuma', 'DevOps: Docker, CI/CD, AWS', ['docker', 'ci-cd', 'amazon-web-services', 'linux'], 22_000, 'available_from'],
  ['ifeoma', 'Ifeoma Chukwu', 'Proofreader and editor', ['proofreading', 'editing', 'creative-writing'], 4_500, 'available_now'],
  ['gbenga', 'Gbenga Adebayo', 'SEO and Google Ads for local businesses', ['search-engine-optimisation', 'search-engine-marketing', 'digital-marketing'], 9_500, 'available_now'],
  ['nneka', 'Nneka Obi', 'Illustrator for children books', ['illustration', 'adobe-photoshop'], 8_500, 'available_now'],
  ['ahmed', 'Ahmed Sani', 'Machine learning engineer', ['machine-learning', 'python', 'pandas', 'tensorflow'], 25_000, 'not_available'],
  ['ronke', 'Ronke Fashola', 'Fashion designer and pattern maker', ['fashion-design'], 6_500, 'available_now'],
  ['victor', 'Victor Etim', 'React Native developer', ['react-native', 'javascript', 'firebase'], 16_000, 'available_now'],
  ['halima', 'Halima Yakubu', 'Virtual assistant and data entry', ['data-entry', 'customer-service', 'google-sheets'], 3_500, 'available_now'],
  ['emeka_t', 'Emeka Umeh', 'AutoCAD drafting and interior design', ['autocad', 'interior-design', 'architecture'], 12_500, 'available_now'],
  ['sade', 'Sade Akinola', 'Email marketing and newsletters', ['email-marketing', 'copywriting', 'hubspot'], 7_500, 'available_from'],
  ['uche', 'Uchenna Okonkwo', 'Laravel and PHP developer', ['laravel', 'php', 'mysql'], 14_000, 'available_now'],
  ['femi', 'Femi Oyewole', 'Scriptwriter for ads and skits', ['scriptwriting', 'creative-writing'], 6_000, 'available_now'],
  ['grace', 'Grace Eyo', 'Graphic designer: flyers, menus, banners', ['graphic-design', 'canva', 'print-design'], 5_500, 'available_now'],
  ['bashir', 'Bashir Aliyu', 'Cybersecurity audits for small teams', ['cybersecurity', 'linux'], 21_000, 'available_now'],
  ['ese', 'Ese Omoregie', 'Shopify store setup and product photos', ['shopify', 'e-commerce', 'photography'], 10_500, 'available_now'],
  ['kunle', 'Kunle Adeola', 'Statistics and SPSS for research projects', ['statistics', 'spss', 'data-analysis'], 8_000, 'available_now'],
  ['joy', 'Joy Nwachukwu', 'Event planner and MC', ['event-planning', 'public-speaking'], 9_000, 'available_now'],
  ['tobi', 'Tobi Salami', 'Technical writer for APIs and products', ['technical-writing', 'rest-apis'], 13_000, 'available_now'],
];

/** [title, description, skills, fixed or hourly, budget min and max in naira, status]. */
type SeedStatus = 'open' | 'in_progress' | 'delivered' | 'completed' | 'cancelled' | 'disputed';
const GIGS: Array<[string, string, string[], 'fixed' | 'hourly', number, number, SeedStatus]> = [
  ['Logo and signboard for a Surulere bakery', 'A warm, simple logo plus a signboard layout in two colour variants.', ['logo-design', 'branding'], 'fixed', 25_000, 60_000, 'open'],
  ['Inventory spreadsheet for a pharmacy', 'Stock in and out, expiry alerts and a monthly summary in Excel or Google Sheets.', ['microsoft-excel', 'data-analysis'], 'fixed', 20_000, 40_000, 'open'],
  ['Landing page for a catering business', 'One page with menu, prices, WhatsApp order button and photos.', ['web-design', 'wordpress'], 'fixed', 50_000, 120_000, 'open'],
  ['Instagram posts for a month', 'Twelve posts and captions for a small fashion label.', ['social-media-management', 'canva'], 'fixed', 30_000, 50_000, 'open'],
  ['Translate a clinic leaflet to Hausa', 'Two pages of patient information, English to Hausa.', ['translation'], 'fixed', 10_000, 20_000, 'open'],
  ['Edit a wedding highlight video', 'Five minutes from two hours of footage, with music and titles.', ['video-editing'], 'fixed', 40_000, 70_000, 'open'],
  ['Fix our Laravel checkout bug', 'Orders sometimes save twice; find and fix it, with a test.', ['laravel', 'php'], 'hourly', 8_000, 14_000, 'open'],
  ['Mobile app screens for a savings group', 'Figma screens for sign up, contributions and payouts.', ['ui-ux-design', 'figma'], 'fixed', 80_000, 150_000, 'in_progress'],
  ['Data cleaning for a survey of 2,000 farmers', 'Clean and code the survey, then summary tables in SPSS.', ['spss', 'statistics'], 'fixed', 45_000, 80_000, 'in_progress'],
  ['Product photos for 40 items', 'White background, two angles each, edited and ready for Shopify.', ['photography', 'photo-editing'], 'fixed', 35_000, 55_000, 'delivered'],
  ['Proofread a 120-page novel manuscript', 'Spelling, grammar and consistency; track changes in Word.', ['proofreading', 'editing'], 'fixed', 30_000, 45_000, 'delivered'],
  ['REST API for a school results portal', 'Node.js and PostgreSQL API for results, with tests.', ['node-js', 'postgresql', 'rest-apis'], 'fixed', 150_000, 250_000, 'completed'],
  ['Menu and flyer design for a buka', 'A one-page menu and an A5 flyer for opening week.', ['graphic-design', 'print-design'], 'fixed', 15_000, 25_000, 'completed'],
  ['Power BI dashboard for weekly sales', 'Connect our sheet and build a dashboard the team can read.', ['power-bi', 'data-analysis'], 'fixed', 60_000, 90_000, 'completed'],
  ['Newsletter set-up and three issues', 'Mailchimp or HubSpot set-up, template and three issues.', ['email-marketing', 'copywriting'], 'fixed', 40_000, 60_000, 'completed'],
  ['Children book illustrations (10 pages)', 'Ten coloured illustrations for a picture book in Igbo and English.', ['illustration'], 'fixed', 90_000, 140_000, 'completed'],
  ['Set up a Shopify store for skincare', 'Theme, products, payments with Paystack, and shipping zones.', ['shopify', 'e-commerce'], 'fixed', 70_000, 110_000, 'cancelled'],
  ['Radio ad script, 30 seconds', 'A Pidgin radio script for a mobile money agent network.', ['scriptwriting'], 'fixed', 10_000, 20_000, 'cancelled'],
  ['Security review of our office network', 'Check routers, Wi-Fi and laptops; a short written report.', ['cybersecurity'], 'hourly', 15_000, 25_000, 'disputed'],
  ['Flutter app bug fixes', 'Crash on login for some Android phones; fix and release.', ['flutter', 'dart'], 'hourly', 10_000, 18_000, 'disputed'],
];

/** Gigs paid through escrow (decision 060): funded at the hire, so one in progress holds it, one delivered waits on it, one completed released it. */
const ESCROWED = new Set(['Mobile app screens for a savings group', 'Product photos for 40 items', 'REST API for a school results portal']);

const PROPOSALS = [
  'I have done very similar work for clients in Lagos and Abuja. I would start with a short call to agree the details, then share a first version within two days.',
  'This is exactly my kind of project. I will send drafts early so you can steer, and I am happy to do two rounds of changes at no extra cost.',
  'I can start tomorrow. My portfolio has three projects like this; I work in small steps and keep you updated on WhatsApp or in the chat here.',
];
const REVIEWS: Array<[number, string]> = [
  [5, 'Excellent work, delivered early and exactly as agreed. Would hire again.'],
  [4, 'Good quality and clear communication; one small delay.'],
  [5, 'A pleasure to work with: clear brief, quick answers and fair.'],
];

/**
 * About 30 talents with skills, rates and headlines, and 20 gigs in every status with bids and
 * (for completed ones) reviews from both sides, made through the services as real use would;
 * three of them paid through escrow (funded, submitted, released).
 */
export async function seedTalent(services: AllServices, person: MakePerson, posters: TUser[]): Promise<{ talents: number; gigs: number }> {
  const { roles, profiles, gigs, payments } = services;
  /** The hire's one milestone paid through the test gateway, as a poster pays it (none with another gateway). */
  async function fund(poster: TUser, gigId: string) {
    const milestone = (await gigs.detail(poster, gigId)).milestones?.[0];
    if (!payments.testCheckout || !milestone) return;
    const { sessionId } = await gigs.escrow.checkout(poster, milestone.id);
    await payments.testCheckout.pay(poster, sessionId);
  }
  const talents: Array<{ user: TUser; skills: string[] }> = [];
  for (const [username, fullName, headline, skills, rate, availability] of TALENTS) {
    // Some talents are already job seekers or employers from the jobs seed: they take the role on.
    const made = await person(username, fullName, 'talent');
    const user = holdsRole(made, 'talent') ? made : await roles.take(made, 'talent');
    await roles.saveTalent(user, {
      hourlyRateMinor: rate * 100,
      currency: 'NGN',
      availability,
      availableFrom: availability === 'available_from' ? new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10) : null,
    });
    await profiles.update(user, { headline, skills, bio: `${headline}. Based in Nigeria, working with clients across the country and abroad.` });
    talents.push({ user, skills });
  }
  // Skill overlap decides who bids: the two or three talents whose skills fit best.
  const fitting = (wanted: string[]) =>
    [...talents].sort((a, b) => b.skills.filter((s) => wanted.includes(s)).length - a.skills.filter((s) => wanted.includes(s)).length).slice(0, 3);
  for (const [n, [title, description, skills, budgetType, min, max, status]] of GIGS.entries()) {
    const poster = posters[n % posters.length]!;
    const gig = await gigs.create(poster, { title, description, skills, budgetType, budgetMin: min * 100, budgetMax: max * 100, currency: 'NGN', deadline: null });
    const bidders = fitting(skills).filter((t) => t.user.id !== poster.id);
    const bids = [];
    for (const [i, t] of bidders.entries()) {
      const amount = Math.round((min + ((max - min) * (i + 1)) / 4) / 500) * 500 * 100;
      bids.push(await gigs.bid(t.user, gig.id, { amount, deliveryDays: 3 + i * 2, proposal: PROPOSALS[(n + i) % PROPOSALS.length]! }));
    }
    if (status === 'open') continue;
    if (status === 'cancelled') {
      await gigs.cancel(poster, gig.id);
      continue;
    }
    const hired = bidders[0]!.user;
    await gigs.acceptBid(poster, bids[0]!.id);
    if (ESCROWED.has(title)) await fund(poster, gig.id);
    if (status === 'in_progress') continue;
    await gigs.deliver(hired, gig.id, 'All files are shared in our chat, with notes on how to use them.');
    if (status === 'delivered') continue;
    if (status === 'disputed') {
      await gigs.dispute(poster, gig.id, 'The work does not match what we agreed in chat.');
      continue;
    }
    await gigs.acceptDelivery(poster, gig.id);
    const [posterRating, posterText] = REVIEWS[n % REVIEWS.length]!;
    await gigs.review(poster, gig.id, { rating: posterRating, text: posterText });
    await gigs.review(hired, gig.id, { rating: 5, text: REVIEWS[2]![1] });
  }
  return { talents: talents.length, gigs: GIGS.length };
}
