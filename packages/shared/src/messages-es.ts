import type { Language } from './languages.ts';
import { translateWithCatalog, type MessageCatalog } from './messages.ts';

/**
 * Spanish for the API's error messages and the shared schemas' validation messages, keyed by the
 * English exactly as the code writes it (docs/decisions/033-spanish-messages.md). A {{name}} in a
 * key stands for a part built from a value; the Spanish repeats it, and the value is looked up here
 * too ("first name" → "nombre"), or kept as it is (numbers, names, dates). The completeness test
 * (messages.test.ts) fails when a message of packages/shared or apps/api has no entry.
 */
export const MESSAGES_ES: MessageCatalog = {
  // ── The error handler and Fastify's own problems ──────────────────────────────────────────────
  'Some of what was sent is not valid. Check the highlighted fields.':
    'Parte de lo enviado no es válido. Revisa los campos marcados.',
  'This field is not accepted here.': 'Este campo no se admite aquí.',
  'This value is not valid.': 'Este valor no es válido.',
  'The request is too large.': 'La solicitud es demasiado grande.',
  'This content type is not accepted here; send JSON.':
    'Este tipo de contenido no se admite aquí; envía JSON.',
  'The file is larger than 2 MB. Choose a smaller one.':
    'El archivo ocupa más de 2 MB. Elige uno más pequeño.',
  'Send the file as multipart/form-data.': 'Envía el archivo como multipart/form-data.',
  'Send one file at a time.': 'Envía un archivo cada vez.',
  'The request body is empty; send a JSON object.':
    'El cuerpo de la solicitud está vacío; envía un objeto JSON.',
  'The address of this request is not valid.': 'La dirección de esta solicitud no es válida.',
  'The address of this request is too long.': 'La dirección de esta solicitud es demasiado larga.',
  'The request body is not valid JSON.': 'El cuerpo de la solicitud no es JSON válido.',
  'The upload could not be read. Send the file again.':
    'No se pudo leer lo subido. Vuelve a enviar el archivo.',
  'Text may not contain the NUL character.': 'El texto no puede contener el carácter NUL.',
  'Someone changed this at the same moment. Reload and try again.':
    'Alguien cambió esto en el mismo momento. Vuelve a cargar e inténtalo de nuevo.',
  'The request could not be understood.': 'No se pudo entender la solicitud.',
  'Something went wrong on our side. Please try again in a moment.':
    'Algo ha fallado por nuestra parte. Inténtalo de nuevo en un momento.',
  'Something went wrong. Please try again.': 'Algo ha fallado. Inténtalo de nuevo.',
  // The web app's own words for a failed request (apps/web/src/lib/api-error.ts, api-client.ts),
  // shown through form-errors.ts.
  'Could not reach Tend. Check your connection and try again.':
    'No se pudo conectar con Tend. Comprueba tu conexión e inténtalo de nuevo.',
  'That file is not on Tend.': 'Ese archivo no está en Tend.',
  'That file is too large.': 'Ese archivo es demasiado grande.',
  'Too many requests. Please wait a moment and try again.':
    'Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.',
  'The request could not be completed. Please try again.':
    'No se pudo completar la solicitud. Inténtalo de nuevo.',
  'Tend sent a reply we could not read. Please reload the page and try again.':
    'Tend envió una respuesta que no pudimos leer. Vuelve a cargar la página e inténtalo de nuevo.',
  'The address or headers of this request are too long.':
    'La dirección o las cabeceras de esta solicitud son demasiado largas.',
  'The request took too long to arrive.': 'La solicitud tardó demasiado en llegar.',
  'Tend could not read this request.': 'Tend no pudo leer esta solicitud.',
  '{{method}} is not possible at {{pathname}}; it takes {{allow}}.':
    '{{method}} no es posible en {{pathname}}; admite {{allow}}.',
  'There is nothing at {{method}} {{path}}.': 'No hay nada en {{method}} {{path}}.',
  'Tend cannot reach its database at the moment. Please try again in a few seconds.':
    'Tend no puede conectar con su base de datos en este momento. Inténtalo de nuevo en unos segundos.',
  'Tend could not save its records to disk, so it did not answer. Please try again in a few seconds.':
    'Tend no ha podido guardar sus registros en el disco, así que no ha respondido. Inténtalo de nuevo en unos segundos.',
  'Tend’s database is busy at the moment. Nothing was changed; please try again in a few seconds.':
    'La base de datos de Tend está ocupada en este momento. No se ha cambiado nada; inténtalo de nuevo en unos segundos.',
  'Tend and its database are working.': 'Tend y su base de datos funcionan.',
  'Tend is running but cannot reach its database. Requests that need it are answered 503 until it is back; Tend reconnects by itself.':
    'Tend está en marcha pero no puede conectar con su base de datos. Las solicitudes que la necesitan reciben un 503 hasta que vuelva; Tend se reconecta por sí solo.',
  // zod's own English, for a check that has no message of its own.
  'Invalid input: expected {{expected}}, received {{received}}':
    'Entrada no válida: se esperaba {{expected}}, se recibió {{received}}',
  'Invalid input': 'Entrada no válida',
  'Invalid input: expected {{expected}}': 'Entrada no válida: se esperaba {{expected}}',
  'Invalid ISO datetime': 'Fecha y hora ISO no válida',
  'Invalid option: expected one of {{options}}': 'Opción no válida: se esperaba una de {{options}}',
  'Unrecognized key: {{key}}': 'Clave no reconocida: {{key}}',
  'Unrecognized keys: {{keys}}': 'Claves no reconocidas: {{keys}}',
  'Too small: expected {{expected}}': 'Demasiado pequeño: se esperaba {{expected}}',
  'Too big: expected {{expected}}': 'Demasiado grande: se esperaba {{expected}}',

  // ── Waiting, durations, limits ────────────────────────────────────────────────────────────────
  'Too many requests. Please wait {{wait}} and try again.':
    'Demasiadas solicitudes. Espera {{wait}} e inténtalo de nuevo.',
  '1 second': '1 segundo',
  '{{count}} seconds': '{{count}} segundos',
  '1 minute': '1 minuto',
  '{{count}} minutes': '{{count}} minutos',
  '1 hour': '1 hora',
  '{{count}} hours': '{{count}} horas',
  '1 day': '1 día',
  '{{count}} days': '{{count}} días',
  '{{hours}} hours {{minutes}} minutes': '{{hours}} horas y {{minutes}} minutos',
  '{{hours}} hours 1 minute': '{{hours}} horas y 1 minuto',
  '1 hour {{minutes}} minutes': '1 hora y {{minutes}} minutos',
  '1 hour 1 minute': '1 hora y 1 minuto',
  '{{days}} days {{hours}} hours': '{{days}} días y {{hours}} horas',
  '{{days}} days 1 hour': '{{days}} días y 1 hora',
  '1 day {{hours}} hours': '1 día y {{hours}} horas',
  '1 day 1 hour': '1 día y 1 hora',
  'less than a minute': 'menos de un minuto',
  'about {{duration}}': 'aproximadamente {{duration}}',

  // ── Accounts, sign-in, sessions ───────────────────────────────────────────────────────────────
  'Enter your email address.': 'Escribe tu correo electrónico.',
  'That email address is too long.': 'Ese correo electrónico es demasiado largo.',
  'Enter a valid email address, like name@example.com.':
    'Escribe un correo electrónico válido, como nombre@ejemplo.com.',
  'Enter your {{label}}.': 'Escribe tu {{label}}.',
  'Your {{label}} can be at most 100 characters.':
    'Tu {{label}} puede tener como máximo 100 caracteres.',
  'first name': 'nombre',
  'last name': 'apellido',
  'Enter your first name.': 'Escribe tu nombre.',
  'Enter your last name.': 'Escribe tu apellido.',
  'Choose patient, doctor or pharmacy.': 'Elige paciente, médico o farmacia.',
  'Choose English or Spanish.': 'Elige inglés o español.',
  "Enter the pharmacy's details.": 'Escribe los datos de la farmacia.',
  'Only a pharmacy has pharmacy details.': 'Solo una farmacia tiene datos de farmacia.',
  'Choose a time zone from the list.': 'Elige una zona horaria de la lista.',
  'Enter your current password.': 'Escribe tu contraseña actual.',
  'Enter a password.': 'Escribe una contraseña.',
  'Use at least {{count}} characters.': 'Usa al menos {{count}} caracteres.',
  'Use at most {{count}} characters.': 'Usa como máximo {{count}} caracteres.',
  'This password is too common and easy to guess. Choose another.':
    'Esta contraseña es demasiado común y fácil de adivinar. Elige otra.',
  'Choose a different password: {{problem}}': 'Elige otra contraseña: {{problem}}',
  'Incorrect email or password.': 'Correo electrónico o contraseña incorrectos.',
  'This account has been disabled. Please contact your clinic.':
    'Esta cuenta se ha desactivado. Ponte en contacto con tu clínica.',
  'Your session has ended. Please sign in again.':
    'Tu sesión ha terminado. Vuelve a iniciar sesión.',
  'This session was ended for your safety. Please sign in again.':
    'Esta sesión se cerró por tu seguridad. Vuelve a iniciar sesión.',
  'You are not signed in, or your session has ended. Please sign in.':
    'No has iniciado sesión o tu sesión ha terminado. Inicia sesión.',
  'Your session has expired. Please sign in again.':
    'Tu sesión ha caducado. Vuelve a iniciar sesión.',
  'Please sign in to continue.': 'Inicia sesión para continuar.',
  'Please sign in again.': 'Vuelve a iniciar sesión.',
  'This is only for patients.': 'Esto es solo para pacientes.',
  'This is only for doctors.': 'Esto es solo para médicos.',
  'This is only for pharmacies.': 'Esto es solo para farmacias.',
  'This is only for admins.': 'Esto es solo para administradores.',
  'This is only for patients and doctors.': 'Esto es solo para pacientes y médicos.',
  'This is only for patients and pharmacies.': 'Esto es solo para pacientes y farmacias.',
  'This is only for doctors and pharmacies.': 'Esto es solo para médicos y farmacias.',
  'This is only for patients, doctors and pharmacies.':
    'Esto es solo para pacientes, médicos y farmacias.',
  'There is no account with the email {{email}}.':
    'No hay ninguna cuenta con el correo electrónico {{email}}.',
  'There is no such account.': 'No existe esa cuenta.',
  'That device is not signed in to your account.':
    'Ese dispositivo no tiene la sesión iniciada en tu cuenta.',
  'To change your email, enter your current password.':
    'Para cambiar tu correo electrónico, escribe tu contraseña actual.',
  'Enter your current password to change your email.':
    'Escribe tu contraseña actual para cambiar tu correo electrónico.',
  'The password is not correct.': 'La contraseña no es correcta.',
  'This is not your current password.': 'Esta no es tu contraseña actual.',
  'Choose a JPG, GIF or PNG picture.': 'Elige una imagen JPG, GIF o PNG.',
  'The picture is larger than 2 MB. Choose a smaller one.':
    'La imagen ocupa más de 2 MB. Elige una más pequeña.',
  'This picture could not be read. Choose another JPG, GIF or PNG.':
    'No se pudo leer esta imagen. Elige otra JPG, GIF o PNG.',
  'Choose a picture to upload.': 'Elige una imagen para subir.',
  'There is no picture here.': 'Aquí no hay ninguna imagen.',

  // ── Profile ───────────────────────────────────────────────────────────────────────────────────
  'Enter a real date as YYYY-MM-DD.': 'Escribe una fecha real como AAAA-MM-DD.',
  'Date of birth must be between 1900 and today.':
    'La fecha de nacimiento debe estar entre 1900 y hoy.',
  'Choose A, AB, B or O.': 'Elige A, AB, B u O.',
  'Choose metric or US units.': 'Elige unidades métricas o estadounidenses.',
  'At most 80 years.': 'Como máximo 80 años.',
  'Years of experience cannot be negative.': 'Los años de experiencia no pueden ser negativos.',
  'Enter a whole number of years.': 'Escribe un número entero de años.',
  'That fee is too large.': 'Esa tarifa es demasiado alta.',
  'The fee cannot be negative.': 'La tarifa no puede ser negativa.',
  'Enter the fee as a number.': 'Escribe la tarifa como un número.',
  '{{label}} can be at most {{max}} characters.':
    '{{label}} puede tener como máximo {{max}} caracteres.',
  Address: 'La dirección',
  City: 'La ciudad',
  State: 'La provincia o el estado',
  'Post code': 'El código postal',
  Country: 'El país',
  Specialty: 'La especialidad',
  Location: 'La ubicación',
  Bio: 'La presentación',
  'The name': 'El nombre',
  'The licence number': 'El número de licencia',
  'The address': 'La dirección',
  'The city': 'La ciudad',
  'The post code': 'El código postal',
  'The country': 'El país',
  'The phone number': 'El teléfono',
  'The opening hours': 'El horario',

  // ── Pharmacies ────────────────────────────────────────────────────────────────────────────────
  "Enter the pharmacy's name.": 'Escribe el nombre de la farmacia.',
  "Enter the pharmacy's licence number.": 'Escribe el número de licencia de la farmacia.',
  "Enter the pharmacy's street address.": 'Escribe la dirección de la farmacia.',
  "Enter the pharmacy's city.": 'Escribe la ciudad de la farmacia.',
  "Enter the pharmacy's post code.": 'Escribe el código postal de la farmacia.',
  "Enter the pharmacy's country.": 'Escribe el país de la farmacia.',
  "Enter the pharmacy's phone number.": 'Escribe el teléfono de la farmacia.',
  'Enter the opening hours, e.g. Mon–Fri 9:00–18:00, Sat 9:00–13:00.':
    'Escribe el horario, p. ej., lun–vie 9:00–18:00, sáb 9:00–13:00.',
  'Use letters, digits, spaces and . / - only.': 'Usa solo letras, dígitos, espacios y . / -.',
  'Use digits, spaces and + ( ) - only.': 'Usa solo dígitos, espacios y + ( ) -.',

  // ── Lengths and lists ─────────────────────────────────────────────────────────────────────────
  'At most {{max}} characters.': 'Como máximo {{max}} caracteres.',
  'limit is a whole number from 1 to 100.': 'limit es un número entero de 1 a 100.',
  'limit must be a whole number from 1 to {{max}}.':
    'limit debe ser un número entero de 1 a {{max}}.',
  'cursor must be the nextCursor of a previous page.':
    'cursor debe ser el nextCursor de una página anterior.',
  'That cursor is not valid.': 'Ese cursor no es válido.',
  'This page position is not valid; start again from the first page.':
    'Esta posición de página no es válida; vuelve a empezar desde la primera página.',
  'Use the nextCursor of a previous page, or leave it out for the first page.':
    'Usa el nextCursor de una página anterior, u omítelo para la primera página.',

  // ── Appointments and availability ─────────────────────────────────────────────────────────────
  'Enter the {{label}} time as HH:MM.': 'Escribe la hora de {{label}} como HH:MM.',
  'Enter the {{label}} time as HH:MM, from 00:00 to 23:59.':
    'Escribe la hora de {{label}} como HH:MM, de 00:00 a 23:59.',
  start: 'inicio',
  end: 'fin',
  'Give {{name}} as a date (YYYY-MM-DD) or an ISO 8601 instant, e.g. {{example}}.':
    'Indica {{name}} como fecha (AAAA-MM-DD) o como instante ISO 8601, p. ej., {{example}}.',
  'Choose a weekday from 1 (Monday) to 7 (Sunday).':
    'Elige un día de la semana del 1 (lunes) al 7 (domingo).',
  'The end time must be after the start time.':
    'La hora de fin debe ser posterior a la hora de inicio.',
  'Choose a slot length of {{lengths}} minutes.':
    'Elige una duración de cita de {{lengths}} minutos.',
  'At most 70 ranges of hours in a week.': 'Como máximo 70 franjas horarias por semana.',
  'At most 366 days off.': 'Como máximo 366 días libres.',
  'Enter each day off as a real date (YYYY-MM-DD).':
    'Escribe cada día libre como una fecha real (AAAA-MM-DD).',
  '{{day}}’s hours {{start1}}–{{end1}} and {{start2}}–{{end2}} overlap.':
    'Las horas {{start1}}–{{end1}} y {{start2}}–{{end2}} del {{day}} se solapan.',
  'That day’s hours {{start1}}–{{end1}} and {{start2}}–{{end2}} overlap.':
    'Las horas {{start1}}–{{end1}} y {{start2}}–{{end2}} de ese día se solapan.',
  Monday: 'lunes',
  Tuesday: 'martes',
  Wednesday: 'miércoles',
  Thursday: 'jueves',
  Friday: 'viernes',
  Saturday: 'sábado',
  Sunday: 'domingo',
  'Choose a doctor.': 'Elige un médico.',
  'Choose one of the offered times.': 'Elige una de las horas ofrecidas.',
  'Choose in person or online.': 'Elige presencial o en línea.',
  'Say briefly what the visit is for.': 'Indica brevemente el motivo de la cita.',
  'scope is upcoming or past.': 'scope es upcoming o past.',
  'status is requested, accepted, completed or cancelled.':
    'status es requested, accepted, completed o cancelled.',
  'Say why the visit is cancelled.': 'Indica por qué se cancela la cita.',
  'Enter the follow-up as a real date (YYYY-MM-DD).':
    'Escribe el seguimiento como una fecha real (AAAA-MM-DD).',
  'Use at most two decimals.': 'Usa como máximo dos decimales.',
  'Amounts in this currency have no decimals: enter a whole amount.':
    'Los importes en esta moneda no llevan decimales: escribe un importe entero.',
  'That amount is too large.': 'Esa cantidad es demasiado alta.',
  'The amount must be more than zero.': 'La cantidad debe ser mayor que cero.',
  'Enter the amount paid as a number.': 'Escribe la cantidad pagada como un número.',
  'Choose cash, card, insurance or other.': 'Elige efectivo, tarjeta, seguro u otro.',
  'Give 1 to 5 stars.': 'Elige de 1 a 5 estrellas.',
  'Say whether you recommend this doctor.': 'Indica si recomiendas a este médico.',
  'There is no such doctor.': 'No existe ese médico.',
  'from must be before to.': 'from debe ser anterior a to.',
  'to must be after from.': 'to debe ser posterior a from.',
  'Ask for at most {{max}} days of slots at a time.':
    'Pide horas libres de como máximo {{max}} días cada vez.',
  'At most {{max}} days after from.': 'Como máximo {{max}} días después de from.',
  'This appointment was already paid (receipt {{receipt}}).':
    'Esta cita ya está pagada (recibo {{receipt}}).',
  'This appointment is {{status}}; only an accepted or completed one can be paid.':
    'Esta cita está {{status}}; solo se puede pagar una cita aceptada o completada.',
  'This appointment changed meanwhile; reload it and try again.':
    'Esta cita ha cambiado mientras tanto; vuelve a cargarla e inténtalo de nuevo.',
  'There is no such appointment.': 'No existe esa cita.',
  'This appointment is not paid yet, so it has no receipt.':
    'Esta cita aún no está pagada, así que no tiene recibo.',
  'That time is not one of the offered slots. Choose another.':
    'Esa hora no es una de las ofrecidas. Elige otra.',
  'Someone else has just booked that time. Choose another of the free slots.':
    'Otra persona acaba de reservar esa hora. Elige otra de las horas libres.',
  'This time is no longer free.': 'Esta hora ya no está libre.',
  'You already have {{max}} upcoming appointments. Cancel one before booking another.':
    'Ya tienes {{max}} citas próximas. Cancela una antes de reservar otra.',
  'This appointment is {{status}}; it can no longer be moved.':
    'Esta cita está {{status}}; ya no se puede cambiar de hora.',
  'This appointment is paid; it cannot be moved.':
    'Esta cita está pagada; no se puede cambiar de hora.',
  'This appointment has already started; it cannot be moved.':
    'Esta cita ya ha empezado; no se puede cambiar de hora.',
  'Your appointment is already at that time.': 'Tu cita ya es a esa hora.',
  'Choose a different time.': 'Elige otra hora.',
  'This patient already shares with as many doctors as Tend allows, so the visit cannot be accepted until they stop sharing with one.':
    'Este paciente ya comparte con tantos médicos como permite Tend, así que la cita no se puede aceptar hasta que deje de compartir con uno.',
  'You already follow as many patients as Tend allows; end a care link before accepting a new patient.':
    'Ya sigues a tantos pacientes como permite Tend; termina un vínculo de atención antes de aceptar a un paciente nuevo.',
  'This appointment is {{status}}; only a requested one can be accepted.':
    'Esta cita está {{status}}; solo se puede aceptar una cita solicitada.',
  'The time of this appointment has passed; it can no longer be accepted.':
    'La hora de esta cita ya ha pasado; ya no se puede aceptar.',
  'This appointment is {{status}}; it can no longer be cancelled.':
    'Esta cita está {{status}}; ya no se puede cancelar.',
  'This appointment is paid; it can no longer be cancelled.':
    'Esta cita está pagada; ya no se puede cancelar.',
  'This appointment is {{status}}; only an accepted one can be completed.':
    'Esta cita está {{status}}; solo se puede completar una cita aceptada.',
  'This appointment has not started yet; complete it once it has.':
    'Esta cita aún no ha empezado; complétala cuando haya empezado.',
  requested: 'solicitada',
  accepted: 'aceptada',
  completed: 'completada',
  cancelled: 'cancelada',
  approved: 'aprobada',
  refused: 'rechazada',
  'The follow-up must be after the visit.': 'El seguimiento debe ser posterior a la cita.',
  'Choose a day after {{day}}.': 'Elige un día posterior al {{day}}.',
  'You have already reviewed this appointment.': 'Ya has valorado esta cita.',
  'Only a completed appointment can be reviewed.': 'Solo se puede valorar una cita completada.',

  // ── Video visits ──────────────────────────────────────────────────────────────────────────────
  'There is no such video visit.': 'No existe esa videoconsulta.',
  'This video visit opens in {{wait}}, 10 minutes before the appointment starts.':
    'Esta videoconsulta se abre dentro de {{wait}}, 10 minutos antes de que empiece la cita.',
  'This video visit closed {{duration}} ago, 30 minutes after the appointment ended.':
    'Esta videoconsulta se cerró hace {{duration}}, 30 minutos después de que terminara la cita.',
  'Send the session description as text.': 'Envía la descripción de sesión como texto.',
  'A session description is at most {{max}} characters.':
    'Una descripción de sesión tiene como máximo {{max}} caracteres.',
  'Send the session description as an object with "sdp".':
    'Envía la descripción de sesión como un objeto con "sdp".',
  'Send the ICE candidate as text.': 'Envía el candidato ICE como texto.',
  'An ICE candidate is at most {{max}} characters.':
    'Un candidato ICE tiene como máximo {{max}} caracteres.',
  'The media id (sdpMid) is at most 64 characters.':
    'El id de medio (sdpMid) tiene como máximo 64 caracteres.',
  'The line index (sdpMLineIndex) is at most 255.':
    'El índice de línea (sdpMLineIndex) es como máximo 255.',
  'The line index (sdpMLineIndex) is 0 or more.': 'El índice de línea (sdpMLineIndex) es 0 o más.',
  'The line index (sdpMLineIndex) is a whole number.':
    'El índice de línea (sdpMLineIndex) es un número entero.',
  'A username fragment is at most 256 characters.':
    'Un fragmento de nombre de usuario tiene como máximo 256 caracteres.',
  'Send the ICE candidate as an object with "candidate".':
    'Envía el candidato ICE como un objeto con "candidate".',
  'Choose a signal type: offer, answer, candidate or bye.':
    'Elige un tipo de señal: offer, answer, candidate o bye.',

  // ── Care links and sharing ────────────────────────────────────────────────────────────────────
  'Choose a patient.': 'Elige un paciente.',
  'Choose a patient who shares with you.': 'Elige un paciente que comparta contigo.',
  'There is no such patient among those who share with you.':
    'No existe ese paciente entre quienes comparten contigo.',
  'You already share with {{max}} doctors, the most Tend allows. Stop sharing with one to add another.':
    'Ya compartes con {{max}} médicos, el máximo que permite Tend. Deja de compartir con uno para añadir otro.',
  'This doctor already follows as many patients as Tend allows; choose another doctor.':
    'Este médico ya sigue a tantos pacientes como permite Tend; elige otro médico.',
  'You already share your medications with Dr. {{name}}.':
    'Ya compartes tus medicamentos con el Dr. o la Dra. {{name}}.',
  'The link was not saved.': 'El vínculo no se guardó.',
  'There is no such sharing link.': 'No existe ese vínculo para compartir.',
  'There is no calendar at this address. Its owner may have made a new address in Tend.':
    'No hay ningún calendario en esta dirección. Puede que su dueño haya creado una dirección nueva en Tend.',

  // ── Messages and notifications ────────────────────────────────────────────────────────────────
  'Write a message.': 'Escribe un mensaje.',
  'A message can be at most {{max}} characters long.':
    'Un mensaje puede tener como máximo {{max}} caracteres.',
  'Choose a person.': 'Elige a una persona.',
  'There is no such conversation.': 'No existe esa conversación.',
  'You can message only your doctors or your patients.':
    'Solo puedes escribir a tus médicos o a tus pacientes.',
  'Choose one of your doctors or patients.': 'Elige a uno de tus médicos o pacientes.',
  '{{who}} already has {{max}} conversations, the most Tend allows.':
    '{{who}} ya tiene {{max}} conversaciones, el máximo que permite Tend.',
  'The patient': 'El paciente',
  'The doctor': 'El médico',
  'You no longer share a care link or a visit with this person, so you cannot write here. The history stays readable.':
    'Ya no compartes un vínculo de atención ni una cita con esta persona, así que no puedes escribir aquí. El historial se puede seguir leyendo.',
  'Name from 1 to {{max}} notifications, or send { "all": true }.':
    'Indica de 1 a {{max}} notificaciones, o envía { "all": true }.',
  'all must be true.': 'all debe ser true.',
  'One of these notifications was not found. Reload the list and try again.':
    'No se encontró una de estas notificaciones. Vuelve a cargar la lista e inténtalo de nuevo.',
  'Last-Event-ID must be the id of an event this stream sent.':
    'Last-Event-ID debe ser el id de un evento que haya enviado este flujo.',
  'You have {{max}} live connections open already. Close a tab or window and try again.':
    'Ya tienes {{max}} conexiones en directo abiertas. Cierra una pestaña o ventana e inténtalo de nuevo.',

  // ── Measurements ──────────────────────────────────────────────────────────────────────────────
  'Choose a kind: {{kinds}}.': 'Elige un tipo: {{kinds}}.',
  'Choose a unit: {{units}}.': 'Elige una unidad: {{units}}.',
  'Give {{name}} as a date (YYYY-MM-DD) or an ISO 8601 instant with a zone.':
    'Indica {{name}} como fecha (AAAA-MM-DD) o como instante ISO 8601 con zona horaria.',
  'Enter when it was measured as a date and time (ISO 8601 with a zone).':
    'Escribe cuándo se midió como fecha y hora (ISO 8601 con zona horaria).',
  'Enter the value as a number.': 'Escribe el valor como un número.',
  'Enter the systolic (upper) number.': 'Escribe la presión sistólica (la alta).',
  'Enter the diastolic (lower) number.': 'Escribe la presión diastólica (la baja).',
  'Enter the value as a number, or for blood pressure as { systolic, diastolic }.':
    'Escribe el valor como un número o, para la presión arterial, como { systolic, diastolic }.',
  'A note can be at most 500 characters.': 'Una nota puede tener como máximo 500 caracteres.',
  'A reading cannot be in the future.': 'Una medición no puede estar en el futuro.',
  'A reading cannot be before 1900.': 'Una medición no puede ser anterior a 1900.',
  'bucket is day, week or month.': 'bucket es day, week o month.',
  'Enter the low end as a number.': 'Escribe el extremo inferior como un número.',
  'Enter the high end as a number.': 'Escribe el extremo superior como un número.',
  'Give a low end, a high end or both.': 'Indica un extremo inferior, uno superior o ambos.',
  'Target: {{problem}}': 'Objetivo: {{problem}}',
  'Only a blood pressure target has a diastolic range.':
    'Solo un objetivo de presión arterial tiene un intervalo de diastólica.',
  'The high end must be above the low end.':
    'El extremo superior debe estar por encima del inferior.',
  'One target per kind at most.': 'Como máximo un objetivo por tipo.',
  '{{kind}} is measured in {{units}}.': '{{kind}} se mide en {{units}}.',
  '{{kind}} is one number.': '{{kind}} es un solo número.',
  '{{kind}} must be {{range}}.': '{{kind}} debe estar {{range}}.',
  'between {{low}} and {{high}} {{unit}}': 'entre {{low}} y {{high}} {{unit}}',
  'Blood pressure needs a systolic and a diastolic value, like 120/80.':
    'La presión arterial necesita un valor sistólico y uno diastólico, como 120/80.',
  'Systolic blood pressure must be {{range}}.': 'La presión sistólica debe estar {{range}}.',
  'Diastolic blood pressure must be {{range}}.': 'La presión diastólica debe estar {{range}}.',
  'The diastolic (lower) blood pressure must be below the systolic (upper) one.':
    'La presión diastólica (la baja) debe ser menor que la sistólica (la alta).',
  Weight: 'El peso',
  Height: 'La estatura',
  'Blood pressure': 'La presión arterial',
  'Heart rate': 'La frecuencia cardiaca',
  'Blood glucose': 'La glucosa en sangre',
  Temperature: 'La temperatura',
  'Oxygen saturation (SpO2)': 'La saturación de oxígeno (SpO2)',
  'beats/min': 'latidos/min',
  'kg or lb': 'kg o lb',
  'cm or in': 'cm o in',
  'mg/dL or mmol/L': 'mg/dL o mmol/L',
  '°C or °F': '°C o °F',
  'A file may hold at most {{max}} readings; split it into smaller files.':
    'Un archivo puede tener como máximo {{max}} mediciones; divídelo en archivos más pequeños.',
  'dryrun is true or false.': 'dryrun es true o false.',
  'The start of the range must be before its end.':
    'El inicio del intervalo debe ser anterior a su fin.',
  'A chart shows at most {{max}} points, and this range has more {{units}} than that. Choose {{choose}}a shorter range.':
    'Un gráfico muestra como máximo {{max}} puntos, y este intervalo tiene más {{units}}. Elige {{choose}}un intervalo más corto.',
  days: 'días',
  weeks: 'semanas',
  months: 'meses',
  'weeks or months, or ': 'semanas o meses, o ',
  'months, or ': 'meses, o ',
  'There is no such reading.': 'No existe esa medición.',
  'A person may keep at most {{max}} readings; delete old ones to add more.':
    'Cada persona puede guardar como máximo {{max}} mediciones; borra las antiguas para añadir más.',
  'Only whoever recorded a reading may delete it.':
    'Solo quien registró una medición puede borrarla.',
  'Only a doctor sets targets for a patient.': 'Solo un médico fija objetivos para un paciente.',
  'A row has four or five fields: takenat,kind,value,unit and an optional note.':
    'Una fila tiene cuatro o cinco campos: takenat,kind,value,unit y una nota opcional.',
  '“{{kind}}” is not a kind: use {{kinds}}.': '“{{kind}}” no es un tipo: usa {{kinds}}.',
  '“{{unit}}” is not a unit Tend knows.': '“{{unit}}” no es una unidad que Tend conozca.',
  'Write blood pressure as systolic/diastolic, like 120/80.':
    'Escribe la presión arterial como sistólica/diastólica, como 120/80.',
  '“{{value}}” is not a number.': '“{{value}}” no es un número.',
  '{{bad}} of {{all}} rows cannot be imported, so nothing was imported.':
    '{{bad}} de {{all}} filas no se pueden importar, así que no se ha importado nada.',
  'The file holds no readings.': 'El archivo no contiene mediciones.',
  'Use a real date as YYYY-MM-DD.': 'Usa una fecha real como AAAA-MM-DD.',

  // ── Medications ───────────────────────────────────────────────────────────────────────────────
  'Enter the {{label}}.': 'Escribe {{label}}.',
  'Enter the {{label}} as a real date (YYYY-MM-DD).':
    'Escribe {{label}} como una fecha real (AAAA-MM-DD).',
  'start date': 'la fecha de inicio',
  'end date': 'la fecha de fin',
  'first day': 'el primer día',
  'last day': 'el último día',
  'Enter the medication’s name.': 'Escribe el nombre del medicamento.',
  'Choose day, afternoon or night.': 'Elige día, tarde o noche.',
  'The end date cannot be before the start date.':
    'La fecha de fin no puede ser anterior a la fecha de inicio.',
  'taken must be true or false.': 'taken debe ser true o false.',
  'from must not be after to.': 'from no debe ser posterior a to.',
  'There is no such medication.': 'No existe ese medicamento.',
  'You already have {{max}} current medications, the most Tend keeps. End or delete one you no longer take first.':
    'Ya tienes {{max}} medicamentos actuales, el máximo que guarda Tend. Primero termina o borra uno que ya no tomes.',
  'You already have {{max}} medications in all, the most Tend keeps. Delete ones you no longer need first.':
    'Ya tienes {{max}} medicamentos en total, el máximo que guarda Tend. Primero borra los que ya no necesites.',
  "The patient's medication list is full (Tend keeps at most {{current}} current and {{all}} in all), so this medication cannot be added to it. Nothing was dispensed: the patient has to end or delete medications they no longer take first.":
    'La lista de medicamentos del paciente está llena (Tend guarda como máximo {{current}} actuales y {{all}} en total), así que no se le puede añadir este medicamento. No se ha dispensado nada: el paciente tiene que terminar o borrar primero los medicamentos que ya no tome.',
  'This medication is not scheduled for today, so today’s dose cannot be recorded.':
    'Este medicamento no está programado para hoy, así que no se puede registrar la dosis de hoy.',
  'This medication is not scheduled for today.': 'Este medicamento no está programado para hoy.',
  'A dose cannot be recorded for a day that has not come yet.':
    'No se puede registrar una dosis para un día que aún no ha llegado.',
  'This day has not come yet.': 'Este día aún no ha llegado.',
  'This day is outside the medication’s start and end dates.':
    'Este día está fuera de las fechas de inicio y fin del medicamento.',
  'Ask for at most {{max}} days at a time.': 'Pide como máximo {{max}} días cada vez.',
  'At most {{max}} days at a time.': 'Como máximo {{max}} días cada vez.',

  // ── Reminders and push ────────────────────────────────────────────────────────────────────────
  'Give a time of day as HH:MM, from 00:00 to 23:59.':
    'Indica una hora del día como HH:MM, de 00:00 a 23:59.',
  'email must be true or false.': 'email debe ser true o false.',
  'push must be true or false.': 'push debe ser true o false.',
  'endpoint must be the push service address the browser gave (https).':
    'endpoint debe ser la dirección del servicio push que dio el navegador (https).',
  'keys must hold the browser’s p256dh and auth values (base64url).':
    'keys debe contener los valores p256dh y auth del navegador (base64url).',
  'This reminder link is not valid.': 'Este enlace de recordatorio no es válido.',
  'endpoint must be an https address of a push service.':
    'endpoint debe ser una dirección https de un servicio push.',
  'Reminders already go to {{max}} browsers of yours, the most Tend keeps. Turn them off in a browser you no longer use first.':
    'Los recordatorios ya llegan a {{max}} navegadores tuyos, el máximo que guarda Tend. Primero desactívalos en un navegador que ya no uses.',
  'This reminder has expired or does not exist. Open today’s checklist in Tend to tick off your doses.':
    'Este recordatorio ha caducado o no existe. Abre la lista de hoy en Tend para marcar tus dosis.',
  'This dose is already ticked off, so there is nothing to snooze.':
    'Esta dosis ya está marcada, así que no hay nada que posponer.',

  // ── Prescriptions, fills and renewals ─────────────────────────────────────────────────────────
  'Enter {{what}}.': 'Escribe {{what}}.',
  'Say {{what}}.': 'Indica {{what}}.',
  'the medication’s name': 'el nombre del medicamento',
  // Also read after "Enter the …" (the medication form's fields of a prescription).
  'strength, e.g. 500 mg': 'la concentración, p. ej., 500 mg',
  'form, e.g. tablet': 'la forma farmacéutica, p. ej., comprimido',
  'unit, e.g. tablet or ml': 'la unidad, p. ej., comprimido o ml',
  'medication’s name': 'el nombre del medicamento',
  'the strength, e.g. 500 mg': 'la concentración, p. ej., 500 mg',
  'the form, e.g. tablet': 'la forma farmacéutica, p. ej., comprimido',
  'the unit, e.g. tablet or ml': 'la unidad, p. ej., comprimido o ml',
  'instructions for the patient': 'las instrucciones para el paciente',
  'why the prescription is cancelled': 'por qué se cancela la receta',
  'why the fill is refused': 'por qué se rechaza la dispensación',
  'why the renewal is refused': 'por qué se rechaza la renovación',
  'Use at most three decimals.': 'Usa como máximo tres decimales.',
  'At most 1000 units at a time.': 'Como máximo 1000 unidades cada vez.',
  'The amount taken each time must be more than zero.':
    'La cantidad de cada toma debe ser mayor que cero.',
  'Enter how much is taken each time, as a number.':
    'Escribe cuánto se toma cada vez, como un número.',
  'Choose each time of day once.': 'Elige cada momento del día una sola vez.',
  'Choose each time of day at most once.': 'Elige cada momento del día como máximo una vez.',
  'Choose at least one time of day.': 'Elige al menos un momento del día.',
  'Choose when it is taken: day, afternoon or night.': 'Elige cuándo se toma: día, tarde o noche.',
  'Enter the last day it is valid as a date (YYYY-MM-DD).':
    'Escribe el último día de validez como fecha (AAAA-MM-DD).',
  'At most {{max}} units.': 'Como máximo {{max}} unidades.',
  'At least 1 unit.': 'Al menos 1 unidad.',
  'Enter a whole number of units.': 'Escribe un número entero de unidades.',
  'Enter how many units each fill hands out.':
    'Escribe cuántas unidades se entregan en cada dispensación.',
  'At most {{max}} refills.': 'Como máximo {{max}} reposiciones.',
  'Enter a number of refills from 0 to {{max}}.':
    'Escribe un número de reposiciones de 0 a {{max}}.',
  'Enter a whole number of refills, 0 to {{max}}.':
    'Escribe un número entero de reposiciones, de 0 a {{max}}.',
  'Enter the number of refills, 0 to {{max}}.':
    'Escribe el número de reposiciones, de 0 a {{max}}.',
  'The last valid day cannot be in the past.':
    'El último día de validez no puede estar en el pasado.',
  'A prescription is valid for at most a year: choose {{day}} or earlier.':
    'Una receta es válida como máximo un año: elige el {{day}} o antes.',
  'status is active, completed, cancelled or expired.':
    'status es active, completed, cancelled o expired.',
  'fill is open, or left out for every prescription.':
    'fill es open, u omítelo para todas las recetas.',
  'Choose a pharmacy.': 'Elige una farmacia.',
  'status is preparing, ready, dispensed or refused.':
    'status es preparing, ready, dispensed o refused.',
  'Say why the fill is refused.': 'Indica por qué se rechaza la dispensación.',
  'A reason is given only when refusing a fill.':
    'Solo se da un motivo al rechazar una dispensación.',
  'approve must be true or false.': 'approve debe ser true o false.',
  'Say why the renewal is refused.': 'Indica por qué se rechaza la renovación.',
  // The web's reason dialog (apps/web/src/features/prescriptions/api/reason-schema.ts).
  'Say why it is refused.': 'Indica por qué se rechaza.',
  'A prescription code is 11 letters and digits, like 7KQ4-M9XT-2WC.':
    'Un código de receta tiene 11 letras y dígitos, como 7KQ4-M9XT-2WC.',
  'No fill of this prescription has been asked for yet.':
    'Aún no se ha pedido ninguna dispensación de esta receta.',
  // A fill's name (@tend/shared fillName) inside a message: the same words as every screen.
  'First fill': 'Primera dispensación',
  'Refill {{number}} of {{total}}': 'Reposición {{number}} de {{total}}',
  'There is no open fill of this prescription: {{fill}} was {{state}}.':
    'No hay ninguna dispensación abierta de esta receta: {{fill}}: {{state}}.',
  '{{fill}} is {{state}}, so it cannot be marked {{step}}.{{next}}':
    '{{fill}}: {{state}}, así que no se puede marcar como {{step}}.{{next}}',
  ' Mark it as being prepared first.': ' Primero márcala como en preparación.',
  ' Mark it ready to collect before handing it over.':
    ' Márcala como lista para recoger antes de entregarla.',
  'only requested so far': 'solo solicitada por ahora',
  'being prepared': 'en preparación',
  'ready to collect': 'lista para recoger',
  'already dispensed': 'ya dispensada',
  dispensed: 'dispensada',
  'The doctor cancelled this prescription, so it can no longer be filled. Do not hand it over.':
    'El médico canceló esta receta, así que ya no se puede dispensar. No la entregues.',
  'This prescription was valid until {{day}} and has expired, so it can no longer be filled.':
    'Esta receta era válida hasta el {{day}} y ha caducado, así que ya no se puede dispensar.',
  'Every fill of this prescription has been dispensed: there is nothing left to fill.':
    'Se han dispensado todas las dispensaciones de esta receta: no queda nada por dispensar.',
  'Your doctor cancelled this prescription, so it cannot be refilled.':
    'Tu médico canceló esta receta, así que no se puede repetir.',
  'This prescription has expired, so it cannot be refilled. Ask your doctor for a new one.':
    'Esta receta ha caducado, así que no se puede repetir. Pide una nueva a tu médico.',
  'Your doctor already renewed this prescription: ask for refills of the new one.':
    'Tu médico ya renovó esta receta: pide las reposiciones de la nueva.',
  'You already asked your doctor to renew this prescription; they have not answered yet.':
    'Ya pediste a tu médico que renovara esta receta; aún no ha respondido.',
  'Send this prescription to a pharmacy first: sending it asks for its first fill.':
    'Primero envía esta receta a una farmacia: al enviarla se pide su primera dispensación.',
  '{{fill}} of this prescription is {{state}} at the pharmacy: wait until it is dispensed before asking for a refill.':
    '{{fill}} de esta receta: {{state}} en la farmacia; espera a que se dispense antes de pedir una reposición.',
  'The pharmacy that filled this prescription has left Tend, so a refill cannot be asked of it.':
    'La farmacia que dispensó esta receta ha dejado Tend, así que no se le puede pedir una reposición.',
  'The patient has not asked to renew this prescription.':
    'El paciente no ha pedido renovar esta receta.',
  'This renewal was already {{status}}.': 'Esta renovación ya fue {{status}}.',
  'This patient no longer shares with you, so you cannot write them a new prescription. Refuse the renewal instead, saying why.':
    'Este paciente ya no comparte contigo, así que no puedes hacerle una receta nueva. En su lugar, rechaza la renovación indicando por qué.',
  'There is no such prescription.': 'No existe esa receta.',
  'There is no such pharmacy in the directory.': 'No existe esa farmacia en el directorio.',
  'This patient already has {{max}} active prescriptions, the most Tend keeps. Cancel one that is no longer needed to write another.':
    'Este paciente ya tiene {{max}} recetas activas, el máximo que guarda Tend. Cancela una que ya no necesite para hacer otra.',
  'Your doctor cancelled this prescription, so it can no longer be sent to a pharmacy.':
    'Tu médico canceló esta receta, así que ya no se puede enviar a una farmacia.',
  'This prescription has expired, so it can no longer be sent to a pharmacy. Ask your doctor for a new one.':
    'Esta receta ha caducado, así que ya no se puede enviar a una farmacia. Pide una nueva a tu médico.',
  'This prescription has been dispensed in full, so there is nothing left to send.':
    'Esta receta se ha dispensado por completo, así que no queda nada por enviar.',
  'The pharmacy is already preparing this prescription, so it cannot be moved now.':
    'La farmacia ya está preparando esta receta, así que ahora no se puede cambiar de farmacia.',
  'This prescription was dispensed at the pharmacy you sent it to, so it stays there: ask that pharmacy for a refill instead.':
    'Esta receta se dispensó en la farmacia a la que la enviaste, así que se queda allí: pide la reposición a esa farmacia.',
  'This prescription was already cancelled.': 'Esta receta ya estaba cancelada.',
  'This prescription has expired, so it can no longer be filled and needs no cancelling.':
    'Esta receta ha caducado, así que ya no se puede dispensar y no hace falta cancelarla.',
  'A pharmacy has already dispensed this prescription, so it can no longer be cancelled.':
    'Una farmacia ya ha dispensado esta receta, así que ya no se puede cancelar.',
  'This prescription can no longer be sent to a pharmacy.':
    'Esta receta ya no se puede enviar a una farmacia.',
  'This prescription can no longer be cancelled.': 'Esta receta ya no se puede cancelar.',
  'That is not a prescription code: it is 11 letters and digits, like 7KQ4-M9XT-2WC (no 0, 1, I, L or O).':
    'Eso no es un código de receta: tiene 11 letras y dígitos, como 7KQ4-M9XT-2WC (sin 0, 1, I, L ni O).',
  'Enter the 11-character code printed on the prescription, like 7KQ4-M9XT-2WC.':
    'Escribe el código de 11 caracteres impreso en la receta, como 7KQ4-M9XT-2WC.',
  'No prescription in Tend has this code. Check it against the paper, letter by letter, or ask the patient to have their doctor confirm it.':
    'Ninguna receta de Tend tiene este código. Compáralo con el papel, letra por letra, o pide al paciente que su médico lo confirme.',
  'This prescription is valid and can be dispensed: {{left}} fills of {{allowed}} left.':
    'Esta receta es válida y se puede dispensar: quedan {{left}} dispensaciones de {{allowed}}.',
  'This prescription is valid and can be dispensed: {{left}} of {{allowed}} left.':
    'Esta receta es válida y se puede dispensar: quedan {{left}} de {{allowed}}.',
  '{{count}} fills': '{{count}} dispensaciones',
  'This prescription is valid and can be dispensed: 1 fill of {{allowed}} left.':
    'Esta receta es válida y se puede dispensar: queda 1 dispensación de {{allowed}}.',
  'Do not dispense: the doctor cancelled this prescription.':
    'No la dispenses: el médico canceló esta receta.',
  'Do not dispense: this prescription has expired. The patient needs a new one from their doctor.':
    'No la dispenses: esta receta ha caducado. El paciente necesita una nueva de su médico.',
  'Do not dispense: every fill this prescription allows has already been dispensed.':
    'No la dispenses: ya se han dispensado todas las dispensaciones que permite esta receta.',
  '{{wait}} A pharmacy may check {{max}} codes every {{minutes}} minutes.':
    '{{wait}} Una farmacia puede comprobar {{max}} códigos cada {{minutes}} minutos.',

  // ── Reports and uploads ───────────────────────────────────────────────────────────────────────
  'Give the report a title.': 'Ponle un título al informe.',
  'There is no such report.': 'No existe ese informe.',
  'This record already holds {{max}} reports, the most Tend keeps. Delete one you no longer need to add another.':
    'Este historial ya tiene {{max}} informes, el máximo que guarda Tend. Borra uno que ya no necesites para añadir otro.',
  'Only the patient, or the person who uploaded this report, can delete it.':
    'Solo el paciente, o la persona que subió este informe, puede borrarlo.',
  'This picture is larger than 2 MB. {{hint}}.': 'Esta imagen ocupa más de 2 MB. {{hint}}.',
  'This file is larger than 10 MB. {{hint}}.': 'Este archivo ocupa más de 10 MB. {{hint}}.',
  'This file is not a JPG, GIF, PNG or PDF (judged by its content, not its name). {{hint}}.':
    'Este archivo no es JPG, GIF, PNG ni PDF (según su contenido, no su nombre). {{hint}}.',
  'Allowed JPG, GIF or PNG up to 2 MB, or PDF up to 10 MB':
    'Se admiten JPG, GIF o PNG de hasta 2 MB, o PDF de hasta 10 MB',
  'This picture also carries web page or script content, so it was not stored. Save it again from an image editor and upload that copy.':
    'Esta imagen también lleva contenido de página web o de script, así que no se guardó. Vuelve a guardarla desde un editor de imágenes y sube esa copia.',
  'This PDF contains scripts, embedded files or other active content, so it was not stored. Print it to a new PDF (or save it without attachments) and upload that copy.':
    'Este PDF contiene scripts, archivos incrustados u otro contenido activo, así que no se guardó. Imprímelo en un PDF nuevo (o guárdalo sin adjuntos) y sube esa copia.',
  'This PDF could not be checked because part of it cannot be read. Print it to a new PDF and upload that copy.':
    'No se pudo comprobar este PDF porque una parte no se puede leer. Imprímelo en un PDF nuevo y sube esa copia.',
  'Choose a file to upload.': 'Elige un archivo para subir.',
  'Tend is checking many files right now. Try this upload again in {{seconds}} seconds.':
    'Tend está comprobando muchos archivos ahora mismo. Vuelve a intentar esta subida dentro de {{seconds}} segundos.',
  'The field {{name}} is too long.': 'El campo {{name}} es demasiado largo.',
  'Too long.': 'Demasiado largo.',
  'Send the file in the field named file.': 'Envía el archivo en el campo llamado file.',

  // ── Recovery, email changes, two-step sign-in ─────────────────────────────────────────────────
  'The link is not a Tend link.': 'El enlace no es un enlace de Tend.',
  'The link is incomplete.': 'El enlace está incompleto.',
  'Another account already uses this email address, so yours was not moved to it. Your account keeps its current address.':
    'Otra cuenta ya usa este correo electrónico, así que la tuya no se ha cambiado a él. Tu cuenta conserva su dirección actual.',
  'This Tend does not send email, so it cannot confirm a new address. Please ask your clinic to change it.':
    'Esta instalación de Tend no envía correos, así que no puede confirmar una dirección nueva. Pide a tu clínica que la cambie.',
  'Your account now uses {{email}}. Sign in with it from now on.':
    'Tu cuenta ahora usa {{email}}. A partir de ahora, inicia sesión con ella.',
  'Your new password is set. You have been signed out everywhere else.':
    'Tu nueva contraseña está guardada. Se ha cerrado tu sesión en todos los demás sitios.',
  'Your email address is already confirmed.': 'Tu correo electrónico ya está confirmado.',
  'This Tend does not send email, so it cannot confirm addresses. Please tell your clinic.':
    'Esta instalación de Tend no envía correos, así que no puede confirmar direcciones. Avisa a tu clínica.',
  'We have sent a new confirmation link to {{email}}.':
    'Hemos enviado un nuevo enlace de confirmación a {{email}}.',
  'Enter the 6-digit code from your authenticator app.':
    'Escribe el código de 6 dígitos de tu app de autenticación.',
  'Enter one of your recovery codes.': 'Escribe uno de tus códigos de recuperación.',
  'A recovery code is 10 letters and digits, like abcde-12345.':
    'Un código de recuperación tiene 10 letras y dígitos, como abcde-12345.',
  'Type the code from your app, or one recovery code (not both).':
    'Escribe el código de tu app o un código de recuperación (no los dos).',
  'This sign-in has expired or was already finished. Please sign in again.':
    'Este inicio de sesión ha caducado o ya terminó. Vuelve a iniciar sesión.',
  'Two-step sign-in is not on. Set it up first from Sign-in and devices.':
    'El inicio de sesión en dos pasos no está activado. Actívalo primero desde Acceso y dispositivos.',
  'Too many wrong codes. Please wait {{wait}} and try again.':
    'Demasiados códigos incorrectos. Espera {{wait}} e inténtalo de nuevo.',
  'That code is not right. Check the time on your phone and try the newest code.':
    'Ese código no es correcto. Comprueba la hora de tu teléfono y prueba el código más reciente.',
  'That code was already used. Wait for the next one in your app.':
    'Ese código ya se usó. Espera al siguiente en tu app.',
  'That is not one of your unused recovery codes.':
    'Ese no es uno de tus códigos de recuperación sin usar.',
  'Two-step sign-in is already on. Turn it off first to use another app or phone.':
    'El inicio de sesión en dos pasos ya está activado. Desactívalo primero para usar otra app u otro teléfono.',
  'Start again: set up two-step sign-in to get a new QR code.':
    'Vuelve a empezar: configura el inicio de sesión en dos pasos para obtener un código QR nuevo.',
  'Two-step sign-in is already on.': 'El inicio de sesión en dos pasos ya está activado.',
  'Your clinic requires two-step sign-in for your account, so it cannot be turned off.':
    'Tu clínica exige el inicio de sesión en dos pasos para tu cuenta, así que no se puede desactivar.',
  // Caregivers
  'Ticking doses needs seeing the medications too: choose “Medications” as well.':
    'Para marcar dosis hace falta ver también los medicamentos: elige también «Medicamentos».',
  'Choose among the areas Tend offers.': 'Elige entre las áreas que ofrece Tend.',
  'At most {{max}} minutes.': 'Como máximo {{max}} minutos.',
  'At least {{min}} minutes.': 'Como mínimo {{min}} minutos.',
  'Choose a whole number of minutes.': 'Elige un número entero de minutos.',
  'Choose a delay in minutes.': 'Elige un retraso en minutos.',
  'There is no such caregiver or invitation.': 'No existe ese cuidador ni esa invitación.',
  'You already have {{count}} caregivers and invitations, the most Tend allows. Remove one to invite another.':
    'Ya tienes {{count}} cuidadores e invitaciones, el máximo que permite Tend. Quita uno para invitar a otro.',
  'This person already helps you, or is already invited.':
    'Esta persona ya te ayuda o ya está invitada.',
  'You cannot be your own caregiver.': 'No puedes ser tu propio cuidador.',
  'Only a patient account can help you. Ask them to sign up as a patient with another address.':
    'Solo una cuenta de paciente puede ayudarte. Pídele que se registre como paciente con otra dirección.',
  'This invitation has lapsed. Ask for a new one.': 'Esta invitación ha caducado. Pide una nueva.',
  'Only the person you help chooses what you may see and do, and when you are alerted.':
    'Solo la persona a la que ayudas elige lo que puedes ver y hacer, y cuándo se te avisa.',
  'Whether they get missed-dose alerts is their choice; you choose the delay.':
    'Recibir avisos de dosis olvidadas es decisión suya; tú eliges el retraso.',
  'There is no such person among those you care for.':
    'No existe esa persona entre las que cuidas.',
  'This part of their record is not shared with you. Ask them to add it under People who help me.':
    'Esta parte de su historial no se comparte contigo. Pídele que la añada en Personas que me ayudan.',
  // Dependents
  'There is no such person among those you look after.':
    'No existe esa persona entre las que cuidas.',
  'You already look after {{count}} people without their own sign-in, the most Tend allows.':
    'Ya cuidas de {{count}} personas sin acceso propio, el máximo que permite Tend.',
  'This link is not valid. Ask for a new invitation.':
    'Este enlace no es válido. Pide una nueva invitación.',
  'This address already has a Tend account. Ask for an invitation to another address.':
    'Esta dirección ya tiene una cuenta de Tend. Pide una invitación a otra dirección.',
  'This address already has a Tend account.': 'Esta dirección ya tiene una cuenta de Tend.',
  'Enter their first name.': 'Escribe su nombre.',
  'Enter their last name.': 'Escribe sus apellidos.',
  'Their first name can be at most {{max}} characters.':
    'Su nombre puede tener como máximo {{max}} caracteres.',
  'Their last name can be at most {{max}} characters.':
    'Sus apellidos pueden tener como máximo {{max}} caracteres.',
  'Enter their date of birth.': 'Escribe su fecha de nacimiento.',
  'Name the patient in the query (?patientId=) as well.':
    'Indica también el paciente en la consulta (?patientId=).',
  'They have no sign-in of their own, so nobody else could open their record. Send them their own sign-in first.':
    'No tiene acceso propio, así que nadie más podría abrir su historial. Envíale primero su propio acceso.',
  'Enter their email address.': 'Escribe su dirección de correo.',
  'Enter a valid email address.': 'Escribe una dirección de correo válida.',
};

/**
 * `english` in `language`: the catalog's Spanish for it, or the English unchanged when the
 * language is English or the catalog has no entry.
 */
export function translateMessage(english: string, language: Language): string {
  return language === 'es' ? translateWithCatalog(english, MESSAGES_ES) : english;
}

/** Every message of `fields` in `language` (an error's one sentence per field). */
export function translateFields(
  fields: Record<string, string>,
  language: Language,
): Record<string, string> {
  if (language === 'en') return fields;
  return Object.fromEntries(
    Object.entries(fields).map(([field, message]) => [field, translateMessage(message, language)]),
  );
}

/** Whether `english` has Spanish in the catalog, exactly or through a placeholder entry. */
export function hasSpanish(english: string): boolean {
  return translateMessage(english, 'es') !== english;
}
