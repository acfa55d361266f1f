import { HALL_MEDIAN_MIN_EXHIBITORS } from '@salon/shared';
import { formatHour, formatWeekday } from '../domains/files/pdf/text';

/**
 * The texts the API writes, in French: the reference every other language's module follows (its
 * shape is ApiTexts). Functions are texts with values in them. By area: the mails, the documents
 * (badge, wallet passes, calendars, exports, report) and the answers of the routes.
 */
export const fr = {
  mail: {
    show: 'Salon International du Bâtiment',
    /** Between a label and its address in a mail's text part. */
    colon: ' : ',
    /** 'du 29 mai au 1er juin 2024 à Marrakech': `dates` as datesText writes them. */
    whenAndWhere: (dates: string, city: string) => `du ${dates} à ${city}`,
    entryRule: 'L’entrée est gratuite sur présentation de ce badge, d’une invitation ou d’une carte de visite.',
    greeting: (name: string | null) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    personalLink: 'Ce lien est personnel : ne le partagez pas.',
    unsubscribe: 'Se désinscrire',
    badge: {
      title: 'Votre badge',
      confirmed: (show: string, when: string) =>
        `Votre inscription au ${show}, ${when}, est confirmée. Votre badge est joint en PDF : imprimez-le, ou présentez-le sur votre téléphone à l’entrée.`,
      button: 'Afficher mon badge',
      appleWallet: 'Ajouter à Apple Wallet',
      googleWallet: 'Ajouter à Google Wallet',
      calendar: 'Ajouter à mon agenda',
      appleHint: 'Pour ajouter le badge à Apple Wallet, ouvrez ce message sur votre iPhone.',
      googleHint: 'Pour ajouter le badge à Google Wallet, ouvrez ce message sur votre téléphone Android.',
    },
    enquiryAck: {
      subject: (show: string, year: string) => `Votre demande exposant — ${show} ${year}`,
      title: 'Nous avons bien reçu votre demande',
      thanks: (show: string, when: string) =>
        `Merci de votre intérêt pour le ${show}, ${when}. Notre équipe vous contactera très prochainement.`,
    },
    standHold: {
      subject: (show: string, year: string, stands: string) => `Votre option sur le stand ${stands} — ${show} ${year}`,
      title: 'Votre option est posée',
      held: (stands: string, count: number, until: string) =>
        `${count > 1 ? `Les stands ${stands} vous sont réservés` : `Le stand ${stands} vous est réservé`} jusqu’au ${until} inclus. Notre équipe vous enverra le contrat et la facture d’acompte.`,
      summary: 'Récapitulatif',
      stand: (number: string, hall: string, className: string, area: number, price: string) =>
        `Stand ${number} (${hall}) — ${className}, ${area} m² : ${price} HT`,
      totals: (exclTax: string, vat: string, inclTax: string) =>
        `Total HT : ${exclTax}\nTVA : ${vat}\nTotal TTC : ${inclTax}`,
      reference: (reference: string) => `Référence de votre réservation : ${reference}`,
      conditions: (version: number) => `Conditions générales de vente acceptées : version ${version}`,
      expiry: 'Sans confirmation de notre part avant cette date, le stand redevient libre.',
      conditionsLink: 'Conditions générales de vente',
    },
    standHoldExpired: {
      subject: (show: string, year: string, stands: string) =>
        `Votre option sur le stand ${stands} a expiré — ${show} ${year}`,
      title: 'Votre option a expiré',
      expired: (stands: string, reference: string) =>
        `L’option sur le stand ${stands} (réservation ${reference}) a expiré : le stand est de nouveau proposé à tous.`,
      again: 'Vous pouvez choisir un stand à nouveau sur notre site, ou nous écrire.',
      button: 'Choisir un stand',
    },
    standConfirmed: {
      subject: (show: string, year: string, reference: string) =>
        `Votre contrat et vos factures — ${reference} — ${show} ${year}`,
      title: 'Votre réservation est confirmée',
      confirmed: (stands: string) =>
        `Nous confirmons votre réservation du stand ${stands}. Vous trouverez joints le contrat à nous retourner signé, la facture d’acompte et la facture de solde.`,
      pay: (reference: string) => `Merci d’indiquer la référence ${reference} sur chacun de vos virements.`,
    },
    servicesOrdered: {
      subject: (show: string, year: string, label: string) => `Votre commande de services — ${label} — ${show} ${year}`,
      title: 'Votre commande de services',
      ordered: (stands: string, label: string, due: string) =>
        `Nous avons bien reçu votre commande de services pour le stand ${stands}. Vous trouverez jointe la facture ${label}, payable avant le ${due}.`,
    },
    servicesCredited: {
      subject: (label: string) => `Annulation de votre commande de services ${label}`,
      title: 'Votre commande de services est annulée',
      credited: (label: string, credit: string) =>
        `Votre commande de services facturée ${label} est annulée : vous trouverez joint l’avoir ${credit} qui annule cette facture.`,
    },
    standRefused: {
      subject: (show: string, year: string, stands: string) => `Votre option sur le stand ${stands} — ${show} ${year}`,
      title: 'Votre option n’a pas pu être confirmée',
      refused: (stands: string, reference: string) =>
        `Nous ne pouvons pas confirmer votre option sur le stand ${stands} (réservation ${reference}) : le stand est de nouveau proposé à tous.`,
      reason: (reason: string) => `Motif : ${reason}`,
      again: 'Vous pouvez choisir un autre stand sur notre site, ou nous écrire.',
    },
    standCancelled: {
      subject: (show: string, year: string, reference: string) =>
        `Annulation de votre réservation ${reference} — ${show} ${year}`,
      title: 'Votre réservation est annulée',
      cancelled: (stands: string, reference: string) =>
        `Votre réservation ${reference} (stand ${stands}) est annulée. Les avoirs qui annulent ses factures sont joints.`,
      reason: (reason: string) => `Motif : ${reason}`,
    },
    paymentReminder: {
      subjectBefore: (label: string, day: string) => `Rappel : facture ${label} à régler avant le ${day}`,
      subjectAfter: (label: string, day: string) => `Facture ${label} échue le ${day}`,
      titleBefore: 'Un règlement arrive à échéance',
      titleAfter: 'Un règlement est en retard',
      before: (label: string, amount: string, day: string) =>
        `La facture ${label} (${amount} TTC restant à régler) arrive à échéance le ${day}.`,
      after: (label: string, amount: string, day: string) =>
        `La facture ${label} était à régler le ${day} : il reste ${amount} TTC à recevoir.`,
      pay: (bank: string, rib: string, reference: string) =>
        `Merci d’effectuer votre virement à ${bank}, RIB ${rib}, en indiquant la référence ${reference}. La facture est jointe.`,
      already: 'Si votre virement est déjà parti, merci de ne pas tenir compte de ce message.',
    },
    standLink: {
      subject: (show: string, year: string) => `Choisissez votre stand — ${show} ${year}`,
      title: 'Votre stand, en ligne',
      text: 'Suite à votre demande, vous pouvez choisir votre stand sur le plan du salon : le prix s’affiche aussitôt, et votre option est posée dès l’envoi du formulaire, vos coordonnées déjà remplies.',
    },
    registrationNotice: {
      title: 'Inscription visiteur',
      registered: (show: string, when: string) =>
        `Quelqu’un vient d’inscrire cette adresse e-mail comme visiteur du ${show}, ${when}.`,
      staff:
        'Cette adresse est celle d’un compte de l’équipe du salon (organisation ou contrôle des badges), qui ne reçoit pas de badge visiteur par le formulaire public : aucun badge n’a été créé.',
      cancelled:
        'Votre inscription a été annulée par l’organisateur : aucun badge n’a été envoyé. Pour toute question, utilisez la page Contact.',
      notYou: 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.',
    },
    newsletterConfirm: {
      title: 'Confirmez votre inscription',
      subject: (show: string) => `Confirmez votre inscription — newsletter du ${show}`,
      asked:
        'Vous avez demandé à recevoir les actualités du salon et de son forum. Merci de confirmer votre adresse avec le bouton ci-dessous.',
      notYou: 'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : vous ne recevrez rien d’autre.',
      button: 'Confirmer mon inscription',
    },
    access: {
      accessTitle: 'Votre espace exposant',
      resetTitle: 'Choisissez un nouveau mot de passe',
      /** `company`: the exhibitor's name, null when it has none that can be printed. */
      access: (company: string | null) =>
        `${company ?? 'Votre exposant'} vous a ouvert l’accès à l’espace exposant : votre badge, vos informations et les badges que vous scannez sur le stand. Choisissez votre mot de passe avec le bouton ci-dessous ; vous serez ensuite connecté(e).`,
      reset:
        'Vous avez demandé à choisir un nouveau mot de passe pour l’espace exposant. Utilisez le bouton ci-dessous ; vous serez ensuite connecté(e).',
      link: (days: number) =>
        `Le lien fonctionne une fois, pendant ${days} jours. Si vous n’attendiez pas ce message, ignorez-le.`,
      button: 'Choisir mon mot de passe',
    },
    collaboratorInvitation: {
      title: 'Invitation à un espace exposant',
      invites: (company: string | null) =>
        `${company ?? 'Un exposant'} vous invite à rejoindre son équipe dans l’espace exposant : un badge collaborateur sur son stand, et les badges que vous y scannez. Votre compte et vos inscriptions restent les vôtres ; rien ne change si vous n’acceptez pas.`,
      link: (days: number) =>
        `Le lien fonctionne une fois, pendant ${days} jours. Si vous ne connaissez pas cet exposant, ignorez ce message.`,
      button: 'Voir l’invitation',
    },
    emailChangeConfirm: {
      title: 'Confirmez votre nouvelle adresse',
      given:
        'Cette adresse a été indiquée comme nouvelle adresse de connexion d’un compte de l’espace exposant. Confirmez-la avec le bouton ci-dessous ; d’ici là, le compte garde son adresse actuelle.',
      link: (days: number) =>
        `Le lien fonctionne une fois, pendant ${days} jours. Si vous n’avez rien demandé, ignorez ce message.`,
      button: 'Confirmer cette adresse',
    },
    passwordTries: {
      title: 'Trop d’essais de votre mot de passe',
      tried: (tries: number, minutes: number) =>
        `Votre mot de passe actuel a été saisi ${tries} fois de suite pour changer l’adresse de connexion de votre compte de l’espace exposant, la dernière fois à tort. Par précaution, toutes les sessions du compte ont été déconnectées, et l’adresse ne peut plus être changée pendant ${minutes} minutes.`,
      notYou:
        'Si ce n’était pas vous, quelqu’un utilise peut-être une session restée ouverte sur l’un de vos appareils : reconnectez-vous, puis choisissez un nouveau mot de passe avec « Mot de passe oublié ? ».',
    },
    emailChanged: {
      title: 'Votre adresse de connexion a changé',
      changed: (email: string) =>
        `L’adresse de connexion de votre compte de l’espace exposant est désormais ${email}. Toutes les autres sessions du compte ont été déconnectées.`,
      notYou: 'Si vous n’êtes pas à l’origine de ce changement, prévenez l’organisateur sans attendre.',
    },
    participationInvitation: {
      title: (year: string) => `Exposez à nouveau en ${year}`,
      exhibited: (company: string | null, show: string, fromYear: number, when: string) =>
        `${company ? `${company} a exposé` : 'Vous avez exposé'} au ${show} ${fromYear}. La prochaine édition se tient ${when}.`,
      confirm:
        'Pour y participer, confirmez avec le bouton ci-dessous : les coordonnées de votre société sont déjà remplies, vérifiez-les. Une fois votre stand confirmé par l’organisateur, vous retrouvez l’espace exposant avec votre compte habituel.',
      link: (days: number) =>
        `Le lien fonctionne une fois, pendant ${days} jours. Si vous ne souhaitez pas exposer, ignorez ce message.`,
      button: 'Confirmer ma participation',
      kept: (stands: string, day: string) =>
        `Votre stand ${stands} vous est réservé jusqu’au ${day} inclus : choisissez-le en ligne, avec son prix et sa réservation, avant qu’il soit proposé à tous.`,
      keptLink: (stands: string) => `Réserver mon stand ${stands}`,
    },
    participationConfirmed: {
      title: 'Votre participation est confirmée',
      confirmed: (show: string, when: string) => `L’organisateur a confirmé votre participation au ${show}, ${when}.`,
      /** The hall and stand the organiser assigned; what is not assigned yet is said to come. */
      place: (hall: string | null, booth: string | null) =>
        hall && booth
          ? `Votre emplacement : ${hall}, stand ${booth}.`
          : hall
            ? `Votre emplacement : ${hall} ; le numéro de votre stand sera indiqué dans l’espace exposant dès son attribution.`
            : 'Votre hall et votre stand seront indiqués dans l’espace exposant dès leur attribution.',
      signIn:
        'Connectez-vous à l’espace exposant avec votre adresse e-mail et votre mot de passe habituels : vos informations y sont, et vous pouvez reprendre vos collaborateurs de la dernière édition. Mot de passe oublié ? Utilisez le lien de la page de connexion.',
      button: 'Se connecter',
    },
    editionAnnouncement: {
      subject: (show: string, year: string) => `Vous êtes invité(e) — ${show} ${year}`,
      title: (show: string, year: string) => `Le ${show} ${year}`,
      /** `edition`: '6e', as ordinalText writes it. */
      held: (edition: string, show: string, when: string) =>
        `La ${edition} édition du ${show} se tient ${when}, avec son forum.`,
      free: 'L’entrée est gratuite pour les professionnels : demandez votre badge électronique sur le site, et présentez-le sur votre téléphone à l’entrée.',
      button: 'Demander mon badge',
      why: 'Vous recevez ce message parce que vous êtes inscrit(e) à la newsletter du salon.',
    },
  },
  documents: {
    badge: {
      badge: 'Badge',
      hours: 'Horaires d’ouverture',
      entry: 'Entrée gratuite sur présentation de ce badge, d’une invitation ou d’une carte de visite.',
      /** The band's label for each registration type. */
      types: { visitor: 'Visiteur', exhibitor: 'Exposant', collaborator: 'Collaborateur', others: 'Autre' },
      /** `edition`: '6e', as ordinalText writes it. */
      edition: (edition: string) => `${edition} édition`,
      /** Before the show's dates: 'Le 3 juin 2025', 'Du 29 mai au 1er juin 2024'. */
      oneDay: 'Le',
      days: 'Du',
      /** A time column 'HH:MM[:SS]' beside the QR code: '9h00'. */
      hour: (time: string) => formatHour(time),
      /** A day of the show beside the QR code: 'Mercredi 29 mai'. */
      weekday: (day: string) => formatWeekday(day),
    },
    /** The wallets' passes (Apple's and Google's). */
    wallet: {
      description: 'Badge du salon',
      name: 'Nom',
      type: 'Badge',
      company: 'Société',
      dates: 'Dates',
      hall: 'Hall',
      stand: 'Stand',
      hours: 'Horaires d’ouverture',
      venue: 'Lieu',
      entry: 'Entrée',
      types: { visitor: 'Visiteur', exhibitor: 'Exposant', collaborator: 'Collaborateur', others: 'Forum' },
    },
    calendar: {
      visit: 'Ma visite',
      badge: 'Mon badge',
      room: 'Salle du forum',
      /** The files' names, without '.ics'. */
      visitFile: 'ma-visite',
      badgeFile: 'mon-salon',
    },
    /** SCANS.xlsx's headers and words. */
    scans: {
      type: 'Type',
      name: 'Nom',
      email: 'Email',
      phone: 'Téléphone',
      company: 'Société',
      jobPosition: 'Fonction',
      createdAt: 'Date & Heure',
      scannerName: 'Par',
      note: 'Note',
      rating: 'Évaluation',
      visitor: 'Visiteur',
      exhibitor: 'Exposant',
      sheet: 'Scans',
      followUp: 'Suivi',
      tags: 'Étiquettes',
      doNotContact: 'Ne plus contacter',
      yes: 'Oui',
      followUps: { to_contact: 'À recontacter', contacted: 'Recontacté', no_follow_up: 'Sans suite' },
    },
    /** The NOTE of SCANS.vcf's cards. */
    vcardNote: { rating: 'Évaluation', followUp: 'Suivi', by: 'Scanné par', at: 'le', sep: ' : ' },
    newsletter: {
      sheet: 'Newsletter',
      email: 'Adresse e-mail',
      language: 'Langue',
      state: 'État',
      createdAt: 'Inscription',
      confirmedAt: 'Confirmation',
      unsubscribedAt: 'Désinscription',
      waiting: 'En attente de confirmation',
      confirmed: 'Confirmé',
      unsubscribed: 'Désinscrit',
    },
    invoice: {
      title: { deposit: 'Facture d’acompte', balance: 'Facture de solde', services: 'Facture', credit: 'Avoir' },
      file: { deposit: 'facture', balance: 'facture', services: 'facture', credit: 'avoir' },
      seller: 'Vendeur',
      buyer: 'Client',
      identity: (ice: string, taxId: string, tradeRegister: string) => `ICE ${ice} — IF ${taxId} — RC ${tradeRegister}`,
      issuedOn: (day: string) => `Date : ${day}`,
      dueOn: (day: string) => `Échéance : ${day}`,
      reference: (reference: string) => `Référence de virement : ${reference}`,
      creditOf: (label: string) => `Annule la facture ${label}`,
      columns: ['Désignation', 'Qté', 'P.U. HT', 'Montant HT'],
      totalExclTax: 'Total HT',
      vat: (rate: string) => `TVA ${rate}`,
      totalInclTax: 'Total TTC',
      inWords: (kind: string, words: string) =>
        kind === 'credit'
          ? `Arrêté le présent avoir à la somme de ${words} toutes taxes comprises.`
          : `Arrêtée la présente facture à la somme de ${words} toutes taxes comprises.`,
      payment: (bank: string, rib: string, reference: string) =>
        `Règlement par virement à ${bank}, RIB ${rib}, en indiquant la référence ${reference}.`,
      depositLine: (share: string, reference: string, stands: string) =>
        `Acompte de ${share} sur la réservation ${reference} (stands ${stands})`,
      standLine: (number: string, hall: string, className: string, area: number, corner: boolean) =>
        `Stand ${number} (${hall}) — ${className}, ${area} m²${corner ? ', angle' : ''}`,
      depositDeducted: (label: string) => `Acompte facturé (${label})`,
      serviceLine: (name: string, unit: string) => `${name} (${unit})`,
    },
    contract: {
      title: 'Contrat de location d’emplacement',
      file: 'contrat',
      between: 'Entre les soussignés',
      organiser: 'L’organisateur',
      exhibitor: 'L’exposant',
      represented: (name: string, role: string) => `représenté par ${name}, ${role}`,
      object: (show: string, when: string) =>
        `L’organisateur loue à l’exposant, pour le ${show} ${when}, les emplacements suivants :`,
      price: (exclTax: string, vat: string, inclTax: string) =>
        `Prix : ${exclTax} HT, TVA ${vat}, soit ${inclTax} TTC.`,
      terms: (deposit: string, depositDue: string, balanceDue: string) =>
        `Un acompte de ${deposit} est dû au plus tard le ${depositDue} ; le solde au plus tard le ${balanceDue}, par virement en indiquant la référence de la réservation.`,
      conditions: (version: number, day: string) =>
        `L’exposant a accepté les conditions générales de vente (version ${version}) le ${day} ; elles font partie du présent contrat.`,
      reference: (reference: string) => `Réservation ${reference}`,
      signOrganiser: 'Pour l’organisateur',
      signExhibitor: 'Pour l’exposant (lu et approuvé)',
    },
    leadReport: {
      /** The file's name before '-2024.pdf'. */
      file: 'bilan',
      title: 'Bilan des leads',
      total: (n: string, people: string, perDay: string) =>
        `${n} leads (${people} personnes distinctes), ${perDay} par jour en moyenne`,
      hall: (name: string) => `Comparaison avec les exposants de votre hall (${name})`,
      median: (total: string, perDay: string) => `Médiane du hall : ${total} leads, ${perDay} par jour.`,
      hidden: (n: number) =>
        `Comparaison non affichée : moins de ${HALL_MEDIAN_MIN_EXHIBITORS} autres exposants dans le hall (${n}), aucun concurrent ne doit pouvoir s’y lire.`,
      zero: (n: number) =>
        `Pas de comparaison utile : plus de la moitié des ${n} autres exposants du hall n’ont enregistré aucun lead (médiane : 0).`,
      noHall: 'Pas de hall attribué : pas de comparaison.',
      days: 'Par jour',
      dayMedian: 'médiane du hall',
      hours: 'Par heure (heure du salon)',
      hour: (h: number) => `${h}h`,
      scanners: 'Par collaborateur',
      ratings: 'Par évaluation',
      noRating: 'Sans évaluation',
      stars: (n: number) => `${n} / 5`,
      followUps: 'Par suivi',
      noStatus: 'Non défini',
      answered: 'Répondu',
      unanswered: 'Sans réponse',
      empty: 'Aucun lead pour cette édition.',
    },
  },
  /** What the routes answer in words. */
  answers: {
    registrationClosed: 'Les inscriptions en ligne à cette édition sont closes.',
    registrationNotOpen: 'Les inscriptions en ligne à cette édition ne sont pas encore ouvertes.',
    alreadyRegistered: 'Cette adresse e-mail est déjà enregistrée : un e-mail vous a été envoyé à cette adresse.',
  },
};

/** What each language's module of API texts holds. */
export type ApiTexts = typeof fr;
