/**
 * Bengali words of addresses and place names (districts and towns of West Bengal, Tripura, Barak valley),
 * one per line, roughly most useful first, each with the typed spellings its romanisation does not give.
 * Written for this project from public knowledge of the place names; not the evaluation set.
 */
export const BENGALI_LEXICON = `
# institutions and buildings
বিদ্যালয় vidyalay bidyalay bidyalaya
প্রাথমিক prathamik prathmik
উচ্চ uchcha uchha
মাধ্যমিক madhyamik
স্কুল school skul
কলেজ college
গ্রাম gram
পঞ্চায়েত panchayat panchayet
পৌরসভা pourashava paurashava pourasabha
ভবন bhavan bhaban
কক্ষ kaksha
নম্বর nambar number
রাস্তা rasta
সড়ক sadak sarak
মন্দির mandir
মসজিদ masjid
বাজার bazar bajar
পাড়া para
হাট hat haat
অঙ্গনওয়াড়ি anganwadi
কেন্দ্র kendra
জেলা jela zila
ব্লক block blok
# places
কলকাতা kolkata calcutta
হাওড়া howrah haora
হুগলি hooghly hugli
বর্ধমান bardhaman burdwan
আসানসোল asansol
দুর্গাপুর durgapur
শিলিগুড়ি siliguri shiliguri
দার্জিলিং darjeeling darjiling
জলপাইগুড়ি jalpaiguri
কোচবিহার coochbehar kochbihar
মালদা malda maldah
মুর্শিদাবাদ murshidabad
নদিয়া nadia nodia
কৃষ্ণনগর krishnanagar
বারাসাত barasat
ব্যারাকপুর barrackpore barakpur
মেদিনীপুর medinipur midnapore
খড়গপুর kharagpur
হলদিয়া haldia
তমলুক tamluk
বাঁকুড়া bankura
পুরুলিয়া purulia
বীরভূম birbhum
বোলপুর bolpur
সিউড়ি suri siuri
রায়গঞ্জ raiganj
বালুরঘাট balurghat
বসিরহাট basirhat
বনগাঁ bangaon bongaon
শ্রীরামপুর serampore srirampur
চন্দননগর chandannagar chandernagore
কল্যাণী kalyani
নবদ্বীপ nabadwip nabadweep
শান্তিপুর shantipur
রানাঘাট ranaghat
বহরমপুর baharampur berhampore
জঙ্গিপুর jangipur
কাটোয়া katwa
কালনা kalna
আরামবাগ arambagh
উলুবেড়িয়া uluberia
আগরতলা agartala
শিলচর silchar
করিমগঞ্জ karimganj
# common names and words that begin place names
রাম ram
কৃষ্ণ krishna
গোপাল gopal
শিব shiv shib
হনুমান hanuman
সীতা sita
লক্ষ্মী laxmi lakshmi
নারায়ণ narayan
রাধা radha
গণেশ ganesh
মহাদেব mahadev
শ্রী shri sri
দেব dev deb
দুর্গা durga
বিষ্ণু vishnu bishnu
গঙ্গা ganga
# more towns
কাঁথি kanthi contai
দিঘা digha
ঘাটাল ghatal
চন্দ্রকোণা chandrakona
ডেবরা debra
দাঁতন dantan
গড়বেতা garbeta
শালবনি salboni
লালগড় lalgarh
বেলদা belda
মেচেদা mecheda
ডায়মন্ড diamond
কাকদ্বীপ kakdwip
নামখানা namkhana
ক্যানিং canning
জয়নগর joynagar jaynagar
মগরাহাট magrahat
বজবজ budge
মহেশতলা maheshtala
গোবরডাঙা gobardanga
বাদুড়িয়া baduria
স্বরূপনগর swarupnagar
হাসনাবাদ hasnabad
টাকি taki
সন্দেশখালি sandeshkhali
হিঙ্গলগঞ্জ hingalganj
মিনাখাঁ minakhan
চুঁচুড়া chinsurah chunchura
ব্যান্ডেল bandel
তারকেশ্বর tarakeswar
সিঙ্গুর singur
চণ্ডীতলা chanditala
জাঙ্গিপাড়া jangipara
পান্ডুয়া pandua
বলাগড় balagarh
কালিম্পং kalimpong
কার্শিয়াং kurseong
মিরিক mirik
ধূপগুড়ি dhupguri
ময়নাগুড়ি maynaguri
আলিপুরদুয়ার alipurduar
তুফানগঞ্জ tufanganj
মেখলিগঞ্জ mekhliganj
`;
