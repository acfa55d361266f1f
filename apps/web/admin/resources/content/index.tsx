import BusinessIcon from '@mui/icons-material/Business';
import DomainIcon from '@mui/icons-material/Domain';
import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import HandshakeIcon from '@mui/icons-material/Handshake';
import MicIcon from '@mui/icons-material/Mic';
import NewspaperIcon from '@mui/icons-material/Newspaper';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import StorefrontIcon from '@mui/icons-material/Storefront';
import ViewCarouselIcon from '@mui/icons-material/ViewCarousel';
import type { JSX } from 'react';
import { Resource } from 'react-admin';
import { createPage, editPage } from '../../components/crud-pages';
import { BannerForm, BannerList } from './banners';
import { ConferenceForm, ConferenceList } from './conferences';
import { GalleryForm, GalleryList } from './gallery';
import { HallForm, HallList } from './halls';
import { PartnerForm, PartnerList } from './partners';
import { AgencyPage, ShowRecordPage } from './single-records';
import { TestimonialForm, TestimonialList } from './testimonials';

/**
 * The content of the public pages: banners, partners, press partners, gallery, testimonials, the
 * forum conferences, the halls, and the two single records (the show, the agency). Every change
 * shows on the site at once (the public routes and page loaders keep nothing).
 */

/** The resources listed, created and edited with one form each, in the menu's order. */
const LISTS: [name: string, icon: typeof DomainIcon, list: () => JSX.Element | null, form: () => JSX.Element][] = [
  ['bannieres', ViewCarouselIcon, BannerList, BannerForm],
  ['partenaires', HandshakeIcon, PartnerList, PartnerForm],
  ['partenaires-presses', NewspaperIcon, PartnerList, PartnerForm],
  ['galeries', PhotoLibraryIcon, GalleryList, GalleryForm],
  ['temoignages', FormatQuoteIcon, TestimonialList, TestimonialForm],
  ['conferences', MicIcon, ConferenceList, ConferenceForm],
  ['gates', DomainIcon, HallList, HallForm],
];

export const contentResources = (
  <>
    {LISTS.map(([name, icon, list, form]) => (
      <Resource key={name} name={name} icon={icon} list={list} create={createPage(form)} edit={editPage(form)} />
    ))}
    {/* The single records open their form straight from the menu. */}
    <Resource name="sib" icon={StorefrontIcon} list={ShowRecordPage} />
    <Resource name="agence" icon={BusinessIcon} list={AgencyPage} />
  </>
);
