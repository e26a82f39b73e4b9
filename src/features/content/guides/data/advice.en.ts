import type { AdviceText } from '../page-texts';

const advice: AdviceText = {
  meta: {
    title: 'Get Expert Advice',
    description:
      'Talk to a licensed insurance advisor: chat, book a call or request a free callback about health, term or motor insurance.',
  },
  title: 'Get Expert Advice',
  subtitle:
    'Talk to a licensed advisor about health, term or motor insurance, a renewal or a claim — free, and without pressure to buy.',
  credentialsTitle: 'Our credentials',
  credentials: {
    broker: 'IRDAI-licensed broking partner',
    life: 'Life insurance certification',
    general: 'General insurance certification',
  },
  helpTitle: 'How we can help',
  help: [
    'Choosing a health plan: sum insured, room-rent limits, co-pay, waiting periods and network hospitals near you.',
    'Working out how much term cover your family needs and which riders are worth paying for.',
    'Renewing car or two-wheeler insurance without losing your No Claim Bonus, and picking useful add-ons.',
    'Understanding what Bima Sugam will change for your existing policies.',
    'Preparing documents and following up when a claim is delayed or rejected.',
  ],
  talkTitle: 'Talk to us now',
  talkText:
    'We reply {hours}. Chat on WhatsApp for a quick question, or book a call at a time that suits you.',
  callbackTitle: 'Request a Callback',
  callbackText:
    'Leave your details and a licensed advisor will call you back, usually within one working day.',
};

export default advice;
