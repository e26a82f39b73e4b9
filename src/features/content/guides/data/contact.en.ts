import type { ContactText } from '../page-texts';

const contact: ContactText = {
  meta: {
    title: 'Contact Us',
    description: 'Reach BimaGuide by chat, email or a booked call, {hours}.',
  },
  title: 'Contact Us',
  subtitle: 'Questions about a policy, a renewal or a claim? We are happy to help.',
  chat: {
    title: 'Chat',
    text: 'The quickest way to reach us. Send your question and we reply during working hours.',
  },
  email: {
    title: 'Email',
    text: 'For longer questions or documents. Please do not email full policy documents with medical details unless we ask for them.',
  },
  location: {
    title: 'Location',
    text: 'We work online and by phone with families across India. Meetings in person are by appointment only.',
  },
  hours: {
    title: 'Hours',
    text: 'Closed on Sundays and national holidays. Messages sent outside these hours are answered on the next working day.',
  },
  call: {
    title: 'Prefer a call?',
    text: 'Book a time that suits you, or leave your number and a licensed advisor will call you back.',
    callback: 'Request a callback',
  },
  footnote:
    '{disclaimer} For complaints about an insurer, contact the insurer’s grievance officer first; if unresolved, you can escalate to IRDAI’s Bima Bharosa portal or the Insurance Ombudsman.',
};

export default contact;
