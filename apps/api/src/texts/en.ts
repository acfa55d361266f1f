import { HALL_MEDIAN_MIN_EXHIBITORS } from '@salon/shared';
import { formatHour } from '../domains/files/pdf/text';
import type { ApiTexts } from './fr';

const DAY = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });

/** The texts the API writes, in English. */
export const en: ApiTexts = {
  mail: {
    show: 'International Building Show',
    colon: ': ',
    whenAndWhere: (dates, city) => `from ${dates} in ${city}`,
    entryRule: 'Entry is free with this badge, an invitation or a business card.',
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    personalLink: 'This link is personal: do not share it.',
    unsubscribe: 'Unsubscribe',
    badge: {
      title: 'Your badge',
      confirmed: (show, when) =>
        `Your registration for the ${show}, ${when}, is confirmed. Your badge is attached as a PDF: print it, or show it on your phone at the entrance.`,
      button: 'Show my badge',
      appleWallet: 'Add to Apple Wallet',
      googleWallet: 'Add to Google Wallet',
      calendar: 'Add to my calendar',
      appleHint: 'To add the badge to Apple Wallet, open this message on your iPhone.',
      googleHint: 'To add the badge to Google Wallet, open this message on your Android phone.',
    },
    enquiryAck: {
      subject: (show, year) => `Your exhibitor request — ${show} ${year}`,
      title: 'We have received your request',
      thanks: (show, when) =>
        `Thank you for your interest in exhibiting at the ${show}, ${when}. Our team will contact you shortly.`,
    },
    standHold: {
      subject: (show, year, stands) => `Your option on stand ${stands} — ${show} ${year}`,
      title: 'Your option is in place',
      held: (stands, count, until) =>
        `${count > 1 ? `Stands ${stands} are` : `Stand ${stands} is`} held for you until the end of ${until}. Our team will send you the contract and the deposit invoice.`,
      summary: 'Summary',
      stand: (number, hall, className, area, price) =>
        `Stand ${number} (${hall}) — ${className}, ${area} m²: ${price} excl. tax`,
      totals: (exclTax, vat, inclTax) => `Total excl. tax: ${exclTax}\nVAT: ${vat}\nTotal incl. tax: ${inclTax}`,
      reference: (reference) => `Your booking reference: ${reference}`,
      conditions: (version) => `Terms and conditions of sale accepted: version ${version}`,
      expiry: 'Unless we confirm it before that date, the stand becomes free again.',
      conditionsLink: 'Terms and conditions of sale',
    },
    standHoldExpired: {
      subject: (show, year, stands) => `Your option on stand ${stands} has expired — ${show} ${year}`,
      title: 'Your option has expired',
      expired: (stands, reference) =>
        `The option on stand ${stands} (booking ${reference}) has expired: the stand is offered to everyone again.`,
      again: 'You can choose a stand again on our website, or write to us.',
      button: 'Choose a stand',
    },
    standConfirmed: {
      subject: (show, year, reference) => `Your contract and invoices — ${reference} — ${show} ${year}`,
      title: 'Your booking is confirmed',
      confirmed: (stands) =>
        `We confirm your booking of stand ${stands}. Attached are the contract to return to us signed, the deposit invoice and the balance invoice.`,
      pay: (reference) => `Please quote the reference ${reference} on each of your transfers.`,
    },
    standRefused: {
      subject: (show, year, stands) => `Your option on stand ${stands} — ${show} ${year}`,
      title: 'Your option could not be confirmed',
      refused: (stands, reference) =>
        `We cannot confirm your option on stand ${stands} (booking ${reference}): the stand is offered to everyone again.`,
      reason: (reason) => `Reason: ${reason}`,
      again: 'You can choose another stand on our website, or write to us.',
    },
    servicesOrdered: {
      subject: (show, year, label) => `Your order of services — ${label} — ${show} ${year}`,
      title: 'Your order of services',
      ordered: (stands, label, due) =>
        `We have received your order of services for stand ${stands}. Attached is invoice ${label}, payable by ${due}.`,
    },
    servicesCredited: {
      subject: (label) => `Your order of services ${label} is cancelled`,
      title: 'Your order of services is cancelled',
      credited: (label, credit) =>
        `Your order of services invoiced as ${label} is cancelled: attached is credit note ${credit}, which cancels that invoice.`,
    },
    standCancelled: {
      subject: (show, year, reference) => `Your booking ${reference} is cancelled — ${show} ${year}`,
      title: 'Your booking is cancelled',
      cancelled: (stands, reference) =>
        `Your booking ${reference} (stand ${stands}) is cancelled. The credit notes that cancel its invoices are attached.`,
      reason: (reason) => `Reason: ${reason}`,
    },
    paymentReminder: {
      subjectBefore: (label, day) => `Reminder: invoice ${label} is due by ${day}`,
      subjectAfter: (label, day) => `Invoice ${label} was due on ${day}`,
      titleBefore: 'A payment is falling due',
      titleAfter: 'A payment is overdue',
      before: (label, amount, day) => `Invoice ${label} (${amount} incl. tax still to pay) is due on ${day}.`,
      after: (label, amount, day) => `Invoice ${label} was due on ${day}: ${amount} incl. tax is still to be received.`,
      pay: (bank, rib, reference) =>
        `Please make your transfer to ${bank}, RIB ${rib}, quoting the reference ${reference}. The invoice is attached.`,
      already: 'If your transfer has already left, please disregard this message.',
    },
    standLink: {
      subject: (show, year) => `Choose your stand — ${show} ${year}`,
      title: 'Your stand, online',
      text: 'Following your request, you can choose your stand on the show’s plan: the price shows at once, and your option is taken as soon as you send the form, your details already filled in.',
    },
    registrationNotice: {
      title: 'Visitor registration',
      registered: (show, when) =>
        `Someone has just registered this e-mail address as a visitor of the ${show}, ${when}.`,
      staff:
        'This address belongs to a show staff account (organisation or badge control), which gets no visitor badge from the public form: no badge was made.',
      cancelled:
        'Your registration was cancelled by the organiser: no badge was sent. For any question, use the Contact page.',
      notYou: 'If you did not ask for it, ignore this message.',
    },
    newsletterConfirm: {
      title: 'Confirm your subscription',
      subject: (show) => `Confirm your subscription — ${show} newsletter`,
      asked:
        'You asked to receive the news of the show and its forum. Please confirm your address with the button below.',
      notYou: 'If you did not ask for it, ignore this message: you will receive nothing else.',
      button: 'Confirm my subscription',
    },
    access: {
      accessTitle: 'Your exhibitor area',
      resetTitle: 'Choose a new password',
      access: (company) =>
        `${company ?? 'Your exhibitor'} has given you access to the exhibitor area: your badge, your details and the badges you scan at the stand. Choose your password with the button below; you are then signed in.`,
      reset: 'You asked to choose a new password for the exhibitor area. Use the button below; you are then signed in.',
      link: (days) => `The link works once, for ${days} days. If you did not expect this message, ignore it.`,
      button: 'Choose my password',
    },
    collaboratorInvitation: {
      title: 'Invitation to an exhibitor area',
      invites: (company) =>
        `${company ?? 'An exhibitor'} invites you to join its team in the exhibitor area: a collaborator badge on its stand, and the badges you scan there. Your account and your registrations stay yours; nothing changes unless you accept.`,
      link: (days) => `The link works once, for ${days} days. If you do not know this exhibitor, ignore this message.`,
      button: 'See the invitation',
    },
    emailChangeConfirm: {
      title: 'Confirm your new address',
      given:
        'This address was given as the new sign-in address of an exhibitor-area account. Confirm it with the button below; until then, the account keeps its current address.',
      link: (days) => `The link works once, for ${days} days. If you did not ask for this, ignore this message.`,
      button: 'Confirm this address',
    },
    passwordTries: {
      title: 'Your password was tried too often',
      tried: (tries, minutes) =>
        `Your current password was typed ${tries} times in a row to change the sign-in address of your exhibitor-area account, the last time wrongly. To be safe, every session of the account has been signed out, and the address cannot be changed for ${minutes} minutes.`,
      notYou:
        'If this was not you, someone may be using a session left open on one of your devices: sign in again, then choose a new password with “Forgot your password?”.',
    },
    emailChanged: {
      title: 'Your sign-in address has changed',
      changed: (email) =>
        `The sign-in address of your exhibitor-area account is now ${email}. Every other session of the account has been signed out.`,
      notYou: 'If you did not make this change, contact the organiser at once.',
    },
    participationInvitation: {
      title: (year) => `Exhibit again in ${year}`,
      exhibited: (company, show, fromYear, when) =>
        `${company ? `${company} exhibited` : 'You exhibited'} at the ${show} ${fromYear}. The next edition is held ${when}.`,
      confirm:
        'To take part, confirm with the button below: your company details are already filled in, check them. Once the organiser confirms your stand, you sign in to the exhibitor area with your usual account.',
      link: (days) => `The link works once, for ${days} days. If you do not wish to exhibit, ignore this message.`,
      button: 'Confirm my participation',
      kept: (stands, day) =>
        `Your stand ${stands} is kept for you until ${day} inclusive: book it online, with its price, before it is offered to everyone.`,
      keptLink: (stands) => `Book my stand ${stands}`,
    },
    participationConfirmed: {
      title: 'Your participation is confirmed',
      confirmed: (show, when) => `The organiser has confirmed your participation in the ${show}, ${when}.`,
      place: (hall, booth) =>
        hall && booth
          ? `Your place: ${hall}, stand ${booth}.`
          : hall
            ? `Your place: ${hall}; your stand number will be shown in the exhibitor area once assigned.`
            : 'Your hall and stand will be shown in the exhibitor area once assigned.',
      signIn:
        'Sign in to the exhibitor area with your usual e-mail address and password: your details are there, and you can take your collaborators of last time along. Forgot your password? Use the link on the sign-in page.',
      button: 'Sign in',
    },
    editionAnnouncement: {
      subject: (show, year) => `You are invited — ${show} ${year}`,
      title: (show, year) => `The ${show} ${year}`,
      held: (edition, show, when) => `The ${edition} ${show} is held ${when}, with its forum.`,
      free: 'Entry is free for professionals: ask for your electronic badge on the site, and show it on your phone at the gate.',
      button: 'Ask for my badge',
      why: 'You receive this message because you subscribed to the show’s newsletter.',
    },
  },
  documents: {
    badge: {
      badge: 'Badge',
      hours: 'Opening hours',
      entry: 'Free entry with this badge, an invitation or a business card.',
      types: { visitor: 'Visitor', exhibitor: 'Exhibitor', collaborator: 'Collaborator', others: 'Other' },
      edition: (edition) => `${edition} edition`,
      oneDay: 'On',
      days: 'From',
      hour: (time) => formatHour(time).replace('h', ':'),
      weekday: (day) => DAY.format(new Date(`${day}T00:00:00Z`)),
    },
    wallet: {
      description: 'Show badge',
      name: 'Name',
      type: 'Badge',
      company: 'Company',
      dates: 'Dates',
      hall: 'Hall',
      stand: 'Stand',
      hours: 'Opening hours',
      venue: 'Venue',
      entry: 'Entry',
      types: { visitor: 'Visitor', exhibitor: 'Exhibitor', collaborator: 'Collaborator', others: 'Forum' },
    },
    calendar: {
      visit: 'My visit',
      badge: 'My badge',
      room: 'Forum room',
      visitFile: 'my-visit',
      badgeFile: 'my-show',
    },
    scans: {
      type: 'Type',
      name: 'Name',
      email: 'Email',
      phone: 'Phone',
      company: 'Company',
      jobPosition: 'Position',
      createdAt: 'Date & Time',
      scannerName: 'By',
      note: 'Note',
      rating: 'Rating',
      visitor: 'Visitor',
      exhibitor: 'Exhibitor',
      sheet: 'Scans',
      followUp: 'Follow-up',
      tags: 'Tags',
      doNotContact: 'Do not contact',
      yes: 'Yes',
      followUps: { to_contact: 'To contact', contacted: 'Contacted', no_follow_up: 'No follow-up' },
    },
    vcardNote: { rating: 'Rating', followUp: 'Follow-up', by: 'Scanned by', at: 'on', sep: ': ' },
    newsletter: {
      sheet: 'Newsletter',
      email: 'E-mail address',
      language: 'Language',
      state: 'State',
      createdAt: 'Subscribed',
      confirmedAt: 'Confirmed',
      unsubscribedAt: 'Unsubscribed',
      waiting: 'Waiting for confirmation',
      confirmed: 'Confirmed',
      unsubscribed: 'Unsubscribed',
    },
    invoice: {
      title: { deposit: 'Deposit invoice', balance: 'Balance invoice', services: 'Invoice', credit: 'Credit note' },
      file: { deposit: 'invoice', balance: 'invoice', services: 'invoice', credit: 'credit-note' },
      seller: 'Seller',
      buyer: 'Customer',
      identity: (ice, taxId, tradeRegister) => `ICE ${ice} — IF ${taxId} — RC ${tradeRegister}`,
      issuedOn: (day) => `Date: ${day}`,
      dueOn: (day) => `Due: ${day}`,
      reference: (reference) => `Transfer reference: ${reference}`,
      creditOf: (label) => `Cancels invoice ${label}`,
      columns: ['Description', 'Qty', 'Unit price excl. tax', 'Amount excl. tax'],
      totalExclTax: 'Total excl. tax',
      vat: (rate) => `VAT ${rate}`,
      totalInclTax: 'Total incl. tax',
      inWords: (kind, words) =>
        kind === 'credit'
          ? `This credit note amounts to ${words}, all taxes included.`
          : `This invoice amounts to ${words}, all taxes included.`,
      payment: (bank, rib, reference) =>
        `Payment by bank transfer to ${bank}, RIB ${rib}, quoting the reference ${reference}.`,
      depositLine: (share, reference, stands) => `${share} deposit on booking ${reference} (stands ${stands})`,
      standLine: (number, hall, className, area, corner) =>
        `Stand ${number} (${hall}) — ${className}, ${area} m²${corner ? ', corner' : ''}`,
      depositDeducted: (label) => `Deposit invoiced (${label})`,
      serviceLine: (name, unit) => `${name} (${unit})`,
    },
    contract: {
      title: 'Stand rental contract',
      file: 'contract',
      between: 'Between the undersigned',
      organiser: 'The organiser',
      exhibitor: 'The exhibitor',
      represented: (name, role) => `represented by ${name}, ${role}`,
      object: (show, when) => `The organiser rents to the exhibitor, for the ${show} ${when}, the following spaces:`,
      price: (exclTax, vat, inclTax) => `Price: ${exclTax} excl. tax, VAT ${vat}, that is ${inclTax} incl. tax.`,
      terms: (deposit, depositDue, balanceDue) =>
        `A deposit of ${deposit} is due by ${depositDue}; the balance by ${balanceDue}, by bank transfer quoting the booking's reference.`,
      conditions: (version, day) =>
        `The exhibitor accepted the terms and conditions of sale (version ${version}) on ${day}; they are part of this contract.`,
      reference: (reference) => `Booking ${reference}`,
      signOrganiser: 'For the organiser',
      signExhibitor: 'For the exhibitor (read and approved)',
    },
    leadReport: {
      file: 'report',
      title: 'Leads report',
      total: (n, people, perDay) => `${n} leads (${people} different people), ${perDay} a day on average`,
      hall: (name) => `Compared with the exhibitors of your hall (${name})`,
      median: (total, perDay) => `Hall median: ${total} leads, ${perDay} a day.`,
      hidden: (n) =>
        `Comparison not shown: fewer than ${HALL_MEDIAN_MIN_EXHIBITORS} other exhibitors in the hall (${n}), so that no competitor can be read from it.`,
      zero: (n) =>
        `No useful comparison: more than half of the ${n} other exhibitors of the hall recorded no lead (median: 0).`,
      noHall: 'No hall assigned: no comparison.',
      days: 'Per day',
      dayMedian: 'hall median',
      hours: 'Per hour (show time)',
      hour: (h) => `${h}:00`,
      scanners: 'Per collaborator',
      ratings: 'Per rating',
      noRating: 'No rating',
      stars: (n) => `${n} / 5`,
      followUps: 'Per follow-up',
      noStatus: 'Not set',
      answered: 'Answered',
      unanswered: 'Not answered',
      empty: 'No leads for this edition.',
    },
  },
  answers: {
    registrationClosed: 'Online registration for this edition is closed.',
    registrationNotOpen: 'Online registration for this edition is not open yet.',
    alreadyRegistered: 'This e-mail address is already registered: an e-mail has been sent to you at this address.',
  },
};
