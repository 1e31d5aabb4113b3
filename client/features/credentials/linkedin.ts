/**
 * LinkedIn's "Add licence or certification" form, filled in (its documented certification URL):
 * the member lands on their profile with the name, issuer, date and link already typed.
 */
export function linkedInAddUrl(c: {
  name: string;
  organizationName: string;
  issuedAt: string;
  certUrl: string;
  certId: string;
}) {
  const issued = new Date(c.issuedAt);
  const params = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: c.name,
    organizationName: c.organizationName,
    issueYear: String(issued.getUTCFullYear()),
    issueMonth: String(issued.getUTCMonth() + 1),
    certUrl: c.certUrl,
    certId: c.certId,
  });
  return `https://www.linkedin.com/profile/add?${params.toString()}`;
}
