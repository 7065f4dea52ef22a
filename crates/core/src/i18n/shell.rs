//! The shell (header, login, switcher, tray), the list, the create form and the account pages.

crate::catalogue! {
    LANGUAGE = "Language" / "Idioma";
    TIME_ZONE = "Time zone" / "Zona horaria";
    TIME_ZONE_BROWSER = "Local: {zone}" / "Local: {zone}";
    TIMES_IN_ZONE = "Times in {zone}" / "Horas en {zone}";

    // The header
    SHELL_SKIP_TO_CONTENT = "Skip to content" / "Saltar al contenido";
    SHELL_NAV_MAIN = "Main" / "Principal";
    SHELL_ACCOUNT = "Account {id}" / "Cuenta {id}";
    SHELL_LOG_OUT = "Log out" / "Cerrar sesión";

    // The crash screen
    CRASH_TITLE = "Something went wrong" / "Algo ha fallado";
    CRASH_TEXT = "{name} stopped because of an error in the panel. Reload the page to go on; nothing was sent to the service." / "{name} se ha detenido por un error en el panel. Recarga la página para continuar; no se ha enviado nada al servicio.";
    CRASH_RELOAD = "Reload" / "Recargar";
    CRASH_SUPPORT = "If it happens again:" / "Si vuelve a ocurrir:";

    // The theme switch
    THEME_SYSTEM = "Theme: system" / "Tema: el del sistema";
    THEME_LIGHT = "Theme: light" / "Tema: claro";
    THEME_DARK = "Theme: dark" / "Tema: oscuro";
    THEME_CLICK_TO_CHANGE = "{theme} (click to change)" / "{theme} (haz clic para cambiarlo)";

    // The session
    SESSION_EXPIRED = "Your session expired or the token was refused. Please log in again." / "Tu sesión ha caducado o se ha rechazado el token. Vuelve a iniciar sesión.";
    SESSION_IDLE = "You have been logged out after {minutes} minutes without use. Please log in again." / "Se ha cerrado tu sesión tras {minutes} minutos sin uso. Vuelve a iniciar sesión.";
    SESSION_AGE = "This browser remembers a login for {days} days, and yours has ended. Please log in again." / "Este navegador recuerda un inicio de sesión durante {days} días, y el tuyo ha terminado. Vuelve a iniciar sesión.";
    SESSION_LOGGED_OUT_ELSEWHERE = "You have logged out in another tab of this browser." / "Has cerrado la sesión en otra pestaña de este navegador.";

    // The quick switcher and the shortcut help
    SWITCHER_TITLE = "Go to" / "Ir a";
    SWITCHER_THIS_VM = "This VM" / "Esta VM";
    SWITCHER_INPUT_LABEL = "Find a VM by hostname, label or IP address, or a page" / "Busca una VM por nombre de host, etiqueta o dirección IP, o una página";
    SWITCHER_INPUT_PLACEHOLDER = "Hostname, label, IP address or page" / "Nombre de host, etiqueta, dirección IP o página";
    SWITCHER_PLACES = "Places" / "Destinos";
    SWITCHER_SEARCHING = "Searching the VMs…" / "Buscando en las VM…";
    SWITCHER_PLACES_ONE = "{n} places" / "{n} destino";
    SWITCHER_PLACES_OTHER = "{n} places" / "{n} destinos";
    SHORTCUTS_TITLE = "Keyboard shortcuts" / "Atajos de teclado";
    SHORTCUTS_WHERE = "They work anywhere but in a field being typed in." / "Funcionan en cualquier sitio salvo en un campo en el que estés escribiendo.";

    // Parts of the panel downloaded on demand, named in "could not download the code of …"
    PART_OPENING_PAGE = "Opening this page" / "Abrir esta página";
    PART_LOGIN = "the login page" / "la página de inicio de sesión";
    PART_VM_CREATE = "the form that creates a virtual machine" / "el formulario para crear una máquina virtual";
    PART_INTERFACES = "the network interfaces page" / "la página de interfaces de red";
    PART_IP_ADDRESSES = "the IP addresses page" / "la página de direcciones IP";
    PART_ACTIVITY = "the activity page" / "la página de actividad";
    PART_VM_PAGE = "the virtual machine's page" / "la página de la máquina virtual";
    PART_TAB_OVERVIEW = "the virtual machine's overview" / "el resumen de la máquina virtual";
    PART_TAB_DISKS = "the virtual machine's disks" / "los discos de la máquina virtual";
    PART_TAB_ISOS = "the virtual machine's ISOs" / "las ISO de la máquina virtual";
    PART_TAB_SNAPSHOTS = "the virtual machine's snapshots" / "las instantáneas de la máquina virtual";
    PART_TAB_NETWORK = "the virtual machine's network" / "la red de la máquina virtual";
    PART_TAB_FIREWALL = "the virtual machine's firewall" / "el cortafuegos de la máquina virtual";
    PART_TAB_STATISTICS = "the virtual machine's statistics" / "las estadísticas de la máquina virtual";
    PART_TAB_SETTINGS = "the virtual machine's settings" / "los ajustes de la máquina virtual";
    PART_TAB_ACTIVITY = "the virtual machine's activity" / "la actividad de la máquina virtual";
    PART_SWITCHER = "the quick switcher" / "el selector rápido";
    PART_LIST_ACTIONS = "the list's actions" / "las acciones de la lista";

    // Errors, as the error view shows them
    ERROR_VIEW_NO_ANSWER = "No answer from the API" / "La API no responde";
    ERROR_VIEW_NOT_FOUND = "Not found" / "No encontrado";
    ERROR_VIEW_NOT_ALLOWED = "Not allowed" / "No permitido";
    ERROR_VIEW_SERVICE_PROBLEM = "The service had a problem" / "El servicio ha tenido un problema";
    ERROR_VIEW_UNREADABLE = "Unreadable answer" / "Respuesta ilegible";
    ERROR_VIEW_PART_NOT_LOADED = "Part of the panel did not load" / "Una parte del panel no se ha cargado";
    ERROR_VIEW_NOT_ACCEPTED = "Not accepted" / "No aceptado";
    ERROR_VIEW_FAILED = "{doing} failed." / "{doing}: ha fallado.";

    // Shared components
    SHELL_LOADING = "Loading…" / "Cargando…";
    SHELL_AUTO_REFRESH = "Auto-refresh" / "Actualización automática";
    COPY_BUTTON = "Copy" / "Copiar";
    COPY_BUTTON_WHAT = "Copy {what}" / "Copiar {what}";
    COPY_BUTTON_DONE = "Copied" / "Copiado";
    COPY_BUTTON_FAILED = "Could not copy" / "No se ha podido copiar";
    EXPORT_NOT_SAVED = "The browser would not save the file." / "El navegador no ha querido guardar el archivo.";
    FORM_FIELD_CHOOSE = "Choose…" / "Elige…";
    FORM_FIELD_ID_FROM_PROVIDER = "An id from your provider." / "Un id de tu proveedor.";
    STATUS_BADGE_BUSY = "busy" / "ocupada";
    STATUS_BADGE_BUSY_TITLE = "Busy: an operation is running" / "Ocupada: hay una operación en curso";
    STATUS_BADGE_SUSPENDED = "suspended" / "suspendida";
    STATUS_BADGE_SUSPENDED_TITLE = "Suspended by the provider" / "Suspendida por el proveedor";
    TYPED_CONFIRM_BEFORE = "Type" / "Escribe";
    TYPED_CONFIRM_AFTER = "to confirm" / "para confirmar";

    // The "Show as API request" view
    API_REQUEST_FOR_SCRIPT = "{what}, for a script. Set VMDECK_TOKEN to your token first; it is never shown here." / "{what}, para usarlo en un script. Pon antes tu token en VMDECK_TOKEN; aquí nunca se muestra.";
    API_REQUEST_SECRETS = "Set {names} too: a password is never written into a command." / "Pon también {names}: una contraseña nunca se escribe en un comando.";
    API_REQUEST_WHAT = "the request" / "la petición";
    API_REQUEST_PENDING = "The request shows once the form has no mistakes." / "La petición aparece cuando el formulario no tiene errores.";

    // Forms
    FORM_DRAFT_RESTORED = "What you typed here before is back: it was not sent." / "Se ha recuperado lo que escribiste aquí antes: no se había enviado.";
    FORM_DISCARD = "Discard" / "Descartar";
    FORM_SENDING = "Sending…" / "Enviando…";
    FORM_FIX_ONE = "Fix the {n} marked field first." / "Corrige primero {n} campo marcado.";
    FORM_FIX_OTHER = "Fix the {n} marked fields first." / "Corrige primero los {n} campos marcados.";

    // Plans and their prices
    PICKER_PLAN = "Plan" / "Plan";
    PICKER_PLAN_A_MONTH = "{amount} a month" / "{amount} al mes";
    PICKER_PLAN_AN_HOUR = "{amount} an hour" / "{amount} la hora";
    PICKER_PLAN_CURRENT = "Your plan now" / "Tu plan actual";
    PICKER_PLAN_CUSTOM = "Custom" / "Personalizado";
    PICKER_PLAN_CUSTOM_SIZES = "Memory, CPUs and disk as you set them" / "Memoria, CPU y disco a tu medida";

    // The activity log
    ACTIVITY_RESULT = "Result" / "Resultado";
    ACTIVITY_RESULT_DONE = "done" / "hecha";
    ACTIVITY_RESULT_REFUSED = "refused" / "rechazada";
    ACTIVITY_RESULT_RUNNING = "running" / "en curso";
    ACTIVITY_SEARCH = "Search" / "Buscar";
    ACTIVITY_SEARCH_PLACEHOLDER = "e.g. reboot" / "p. ej. reiniciar";
    ACTIVITY_MEMORY_ONLY = "This browser's storage is full or blocked: what is recorded now is kept only until this page is closed." / "El almacenamiento de este navegador está lleno o bloqueado: lo que se registre ahora solo se conservará hasta que cierres esta página.";
    ACTIVITY_EMPTY_TITLE = "Nothing recorded" / "No hay nada registrado";
    ACTIVITY_EMPTY_TEXT = "What you do from this browser (actions, edits, interfaces, addresses, rules, ISOs) is recorded here, newest first." / "Lo que haces desde este navegador (acciones, cambios, interfaces, direcciones, reglas, ISO) se registra aquí, lo más reciente primero.";
    ACTIVITY_COUNT_ONE = "{n} recorded, newest first" / "{n} registro, lo más reciente primero";
    ACTIVITY_COUNT_OTHER = "{n} recorded, newest first" / "{n} registros, lo más reciente primero";
    ACTIVITY_COL_WHEN = "When" / "Cuándo";
    ACTIVITY_COL_ACTION = "Action" / "Acción";
    ACTIVITY_COL_TOOK = "Took" / "Duración";
    ACTIVITY_COL_REQUEST = "Request" / "Petición";
    ACTIVITY_INTERFACE = "interface {nic}" / "interfaz {nic}";

    // Auto-refresh and leaving a form
    SHELL_AUTO_REFRESH_OFF = "Auto-refresh: off" / "Actualización automática: no";
    SHELL_AUTO_REFRESH_30 = "Auto-refresh: 30 s" / "Actualización automática: 30 s";
    SHELL_AUTO_REFRESH_60 = "Auto-refresh: 60 s" / "Actualización automática: 60 s";
    FORM_LEAVE_QUESTION = "A form on this page has input that was not sent. Leave the page anyway?" / "Un formulario de esta página tiene datos sin enviar. ¿Salir de la página de todos modos?";

    // The task tray and its notifications
    TASK_STARTED = "{action} on {vm}: started." / "{action} en {vm}: en marcha.";
    TASK_ENDED = "Task ended" / "Tarea terminada";
    TASK_NOW = "now {status}" / "ahora {status}";
    TASK_REMOVED = "removed" / "eliminada";
    TRAY_TASKS = "Tasks" / "Tareas";
    TRAY_NOTIFY_ON = "Notifications on" / "Avisos activados";
    TRAY_NOTIFY_ASK = "Notify me when a task ends in a hidden tab" / "Avisarme cuando termine una tarea en una pestaña oculta";
    TRAY_NOTIFY_REFUSED = "The browser blocks notifications for this site; its site settings can allow them." / "El navegador bloquea los avisos de este sitio; puedes permitirlos en la configuración del sitio.";
    TRAY_SENT_FROM_HERE = "Sent from this browser" / "Enviado desde este navegador";
    TRAY_ALL_ACTIVITY = "All activity" / "Toda la actividad";
    TRAY_CLEAR_FINISHED = "Clear finished" / "Quitar las terminadas";
    TRAY_EMPTY = "Nothing yet. Operations you start appear here." / "Nada todavía. Aquí aparecen las operaciones que inicies.";
    TRAY_DONE = "done, {outcome}" / "hecha, {outcome}";
    TRAY_FAILED = "failed: {why}" / "fallida: {why}";
    TRAY_STARTED_AT = "started {at}" / "inicio: {at}";

    // The login page
    LOGIN_INTRO = "Log in with your account id and API token to manage your virtual machines." / "Inicia sesión con tu id de cuenta y tu token de la API para gestionar tus máquinas virtuales.";
    LOGIN_DOING = "Logging in" / "Iniciar sesión";
    LOGIN_API_ADDRESS = "API address" / "Dirección de la API";
    LOGIN_ACCOUNT_ID = "Account id" / "Id de cuenta";
    LOGIN_API_TOKEN = "API token" / "Token de la API";
    LOGIN_REMEMBER = "Remember me on this device" / "Recordarme en este dispositivo";
    LOGIN_REMEMBER_HINT = "Without it, the login lasts until this tab is closed, and logging out leaves nothing of the account here. With it, the login lasts up to {days} days, and this browser keeps the account's history until you forget this device. Either way, {minutes} minutes without use log you out." / "Si no, la sesión dura hasta que cierres esta pestaña, y al cerrar sesión no queda nada de la cuenta aquí. Si lo marcas, dura hasta {days} días, y este navegador guarda el historial de la cuenta hasta que olvides este dispositivo. En ambos casos, {minutes} minutos sin uso cierran la sesión.";
    LOGIN_FORGET_DEVICE = "Forget this device" / "Olvidar este dispositivo";
    LOGIN_FORGET_DEVICE_HINT = "This browser keeps the activity history, the record for “since your last visit” and the address you saved as yours, from a login that was remembered. Forget them on a computer that others use." / "Este navegador guarda el historial de actividad, el registro de «desde tu última visita» y la dirección que guardaste como tuya, de un inicio de sesión recordado. Olvídalos en un ordenador que usen otras personas.";
    LOGIN_FORGOTTEN = "This browser no longer keeps anything of your accounts." / "Este navegador ya no guarda nada de tus cuentas.";
    LOGIN_CHECKING = "Checking the token…" / "Comprobando el token…";
    LOGIN_TOKEN_REFUSED = "The API at {address} refused this token. Check the token and try again." / "La API de {address} ha rechazado este token. Revisa el token y vuelve a intentarlo.";
    LOGIN_WRONG_ACCOUNT = "This token does not open account {account}. Check the account id." / "Este token no da acceso a la cuenta {account}. Revisa el id de cuenta.";

    // Arriving from the provider's portal, its notice and links
    PORTAL_BACK = "Back to {portal}" / "Volver a {portal}";
    HEADER_MORE = "More" / "Más";
    HANDOFF_TITLE = "Logging in from {portal}" / "Inicio de sesión desde {portal}";
    HANDOFF_CHECKING = "Checking the login for account {account}…" / "Comprobando el inicio de sesión de la cuenta {account}…";
    HANDOFF_SWITCH_QUESTION = "This tab is logged in to account {current}. {portal} asks to open account {account} here instead." / "Esta pestaña tiene abierta la cuenta {current}. {portal} pide abrir aquí la cuenta {account} en su lugar.";
    HANDOFF_SWITCH_KEEPS = "What you typed for account {current} stays in this browser for when you come back to it." / "Lo que escribiste para la cuenta {current} se queda en este navegador para cuando vuelvas a ella.";
    HANDOFF_SWITCH = "Open account {account}" / "Abrir la cuenta {account}";
    HANDOFF_STAY = "Stay in account {current}" / "Seguir en la cuenta {current}";
    HANDOFF_FAILED = "The login from {portal} was not used." / "No se ha usado el inicio de sesión de {portal}.";
    HANDOFF_WAITING = "Waiting for {portal} to send the login…" / "Esperando a que {portal} envíe el inicio de sesión…";
    HANDOFF_NO_PORTAL = "This page is opened by your provider's portal to log you in. Open the login page to log in yourself." / "Esta página la abre el portal de tu proveedor para iniciar tu sesión. Abre la página de inicio de sesión para entrar tú.";
    HANDOFF_TO_LOGIN = "Go to the login page" / "Ir a la página de inicio de sesión";
    NOTICE_DISMISS = "Dismiss" / "Descartar";
    NOTICE_LABEL = "Notice from {provider}" / "Aviso de {provider}";

    // The page that does not exist
    NOT_FOUND_BEFORE = "There is no page at" / "No hay ninguna página en";
    NOT_FOUND_GO = "Go to your virtual machines" / "Ir a tus máquinas virtuales";

    // The Activity page
    ACTIVITY_PAGE_INTRO = "What was sent from this browser for this account: each action, edit, interface, address, rule and ISO, with how it ended. The newest {n} are kept, across reloads and tabs." / "Lo que se ha enviado desde este navegador para esta cuenta: cada acción, cambio, interfaz, dirección, regla e ISO, con su resultado. Se conservan las {n} más recientes, aunque recargues o cambies de pestaña.";

    // Filters of the account pages
    FILTER_VM_ID = "VM id" / "Id de VM";
    FILTER_ANY = "any" / "cualquiera";

    // The network interfaces page
    NICS_PUBLIC = "Public" / "Pública";
    NICS_LOADING = "Loading the network interfaces" / "Cargar las interfaces de red";
    NICS_EMPTY_TITLE = "No interfaces" / "No hay interfaces";
    NICS_EMPTY_TEXT = "No interface matches." / "Ninguna interfaz coincide.";
    NICS_COUNT_ONE = "{n} interfaces" / "{n} interfaz";
    NICS_COUNT_OTHER = "{n} interfaces" / "{n} interfaces";
    NICS_COL_PORT_SPEED = "Port speed" / "Velocidad del puerto";
    NICS_COL_POLICY = "Policy" / "Política";

    // The IP addresses page
    IPS_FILTER_PLACEHOLDER = "e.g. 203.0.113.7" / "p. ej. 203.0.113.7";
    IPS_LOADING = "Loading the IP addresses" / "Cargar las direcciones IP";
    IPS_EMPTY_TITLE = "No addresses" / "No hay direcciones";
    IPS_EMPTY_TEXT = "No address matches." / "Ninguna dirección coincide.";
    IPS_COUNT_ONE = "{n} addresses" / "{n} dirección";
    IPS_COUNT_OTHER = "{n} addresses" / "{n} direcciones";
    IPS_COL_NETMASK = "Netmask" / "Máscara de red";
    IPS_COL_GATEWAY = "Gateway" / "Puerta de enlace";
    IPS_COL_STATE = "State" / "Estado";
    IPS_RESERVED_FREE = "reserved, free" / "reservada, libre";
    IPS_FREE = "free" / "libre";
    IPS_RESERVED_IN_USE = "reserved, in use" / "reservada, en uso";
    IPS_IN_USE = "in use" / "en uso";

    // The form that creates a VM
    CREATE_TITLE = "Create a virtual machine" / "Crear una máquina virtual";
    CREATE_A_NEW_VM = "a new VM" / "una VM nueva";
    CREATE_CREATED = "created" / "creada";
    CREATE_LIKE_READING = "Reading the VM to start from…" / "Leyendo la VM de partida…";
    CREATE_LIKE_FROM = "Starting from {name}: its sizes, template, location and network. Give the new VM its own name, hostname and password." / "Partiendo de {name}: sus tamaños, plantilla, ubicación y red. Dale a la VM nueva su propio nombre, nombre de host y contraseña.";
    CREATE_LIKE_DOING = "Reading the VM to start from" / "Leer la VM de partida";
    CREATE_DOING = "Creating the VM" / "Crear la VM";
    CREATE_BASICS = "Basics" / "Lo básico";
    CREATE_LABEL_HINT = "A name for you; shown in lists." / "Un nombre para ti; se muestra en las listas.";
    CREATE_HOSTNAME_HINT = "Up to 25 letters, digits and dashes; not starting with a digit." / "Hasta 25 letras, cifras y guiones; sin empezar por una cifra.";
    CREATE_CPU_SHARES_HINT = "Optional: the share of the hypervisor's CPU guaranteed." / "Opcional: la parte de la CPU del hipervisor garantizada.";
    CREATE_INSTALL_FROM = "Install from" / "Instalar desde";
    CREATE_SOURCE_TEMPLATE = "A template" / "Una plantilla";
    CREATE_SOURCE_ISO_URL = "An ISO from a URL" / "Una ISO desde una URL";
    CREATE_PLAN_DISK = "Primary disk: {size} GB, the plan's." / "Disco principal: {size} GB, el del plan.";
    CREATE_PRIMARY_STORE = "Primary disk's data store" / "Almacén de datos del disco principal";
    CREATE_SWAP_GB = "Swap (GB)" / "Swap (GB)";
    CREATE_SWAP_HINT = "Optional; Windows does not use it." / "Opcional; Windows no lo usa.";
    CREATE_SWAP_STORE = "Swap's data store" / "Almacén de datos del swap";
    CREATE_PRIMARY_NETWORK = "Primary network" / "Red principal";
    CREATE_NETWORK_GROUP = "Network group id" / "Id del grupo de redes";
    CREATE_NETWORK_GROUP_HINT = "Optional, instead of a network." / "Opcional, en lugar de una red.";
    CREATE_ASSIGNED_AUTOMATICALLY = "Assigned automatically" / "Asignada automáticamente";
    CREATE_PORT_SPEED_MB = "Port speed (Mb)" / "Velocidad del puerto (Mb)";
    CREATE_PORT_SPEED_HINT = "0 means unlimited." / "0 significa sin límite.";
    CREATE_FIREWALL_POLICY = "Default firewall policy" / "Política por defecto del cortafuegos";
    CREATE_POLICY_ACCEPT = "ACCEPT: allow all traffic" / "ACCEPT: permitir todo el tráfico";
    CREATE_POLICY_DROP = "DROP: deny all traffic" / "DROP: denegar todo el tráfico";
    CREATE_POLICY_DEFAULT = "ACCEPT (default)" / "ACCEPT (por defecto)";
    CREATE_ACCESS = "Access and notes" / "Acceso y notas";
    CREATE_ROOT_PASSWORD = "Root password" / "Contraseña de root";
    CREATE_ROOT_PASSWORD_HINT = "6 to 32 letters, digits, dashes and underscores. Leave empty for a random one. It is never kept as a draft." / "De 6 a 32 letras, cifras, guiones y guiones bajos. Déjala vacía para una aleatoria. Nunca se guarda en el borrador.";
    CREATE_PASSWORD_PLACEHOLDER = "Random when left empty" / "Aleatoria si la dejas vacía";
    CREATE_GENERATE = "Generate" / "Generar";
    CREATE_BUILD_NOW = "Build it right away" / "Construirla enseguida";
    CREATE_BUILD_HINT = "Otherwise the VM is created unbuilt, to be built later." / "Si no, la VM se crea sin construir, para construirla más tarde.";
    CREATE_SENDING = "Creating…" / "Creando…";
    CREATE_REQUEST_WHAT = "What “Create VM” sends" / "Lo que envía «Crear VM»";
    CREATE_SECONDARY_DISKS = "Secondary disks" / "Discos secundarios";
    CREATE_SECONDARY_NONE = "None. Add disks in the order they should be attached." / "Ninguno. Añade los discos en el orden en que deben conectarse.";
    CREATE_DISK_N_GB = "Disk {n} (GB)" / "Disco {n} (GB)";
    CREATE_REMOVE_DISK_N = "Remove disk {n}" / "Quitar el disco {n}";

    // The list of VMs
    LIST_LOADING = "Loading the virtual machines" / "Cargar las máquinas virtuales";
    LIST_LOADING_SHORT = "Loading" / "Cargando";
    LIST_IN_THIS_VIEW = "In this view" / "En esta vista";
    LIST_SEARCH_LABEL = "Search virtual machines" / "Buscar máquinas virtuales";
    LIST_SEARCH_LABELS = "Search labels or IP addresses" / "Busca por etiqueta o dirección IP";
    LIST_SEARCH_HOSTNAMES = "Search hostnames or IP addresses" / "Busca por nombre de host o dirección IP";
    LIST_SEARCH_IN = "Search in" / "Buscar en";
    LIST_FILTERS = "Filters" / "Filtros";
    LIST_SORT = "Sort" / "Ordenar";
    LIST_SORT_DEFAULT = "Newest last" / "Las más nuevas al final";
    LIST_REVERSE_ORDER = "Reverse the order" / "Invertir el orden";
    LIST_DESCENDING = "↓ descending" / "↓ descendente";
    LIST_ASCENDING = "↑ ascending" / "↑ ascendente";
    LIST_IDLE = "idle" / "libre";
    LIST_NOT_SUSPENDED = "not suspended" / "no suspendida";
    LIST_LOCATION_ID = "Location id" / "Id de ubicación";
    LIST_CLEAR_ALL = "Clear all" / "Quitar todos";
    LIST_COL_ACTIONS = "Actions" / "Acciones";
    LIST_OS = "OS" / "SO";
    LIST_SELECT_PAGE = "Select all on this page" / "Seleccionar todas las de esta página";
    LIST_SELECT_VM = "Select {name}" / "Seleccionar {name}";
    LIST_LOCATION_N = "Location {id}" / "Ubicación {id}";
    LIST_ACTIONS_FOR = "Actions for {name}" / "Acciones de {name}";
    LIST_OPEN = "Open" / "Abrir";
    LIST_NO_MATCH_TITLE = "No virtual machines match" / "Ninguna máquina virtual coincide";
    LIST_NO_MATCH_TEXT = "Nothing in this account matches these filters." / "Nada en esta cuenta coincide con estos filtros.";
    LIST_CLEAR_FILTERS = "Clear filters" / "Quitar los filtros";
    LIST_PAST_END_TITLE = "Nothing on this page" / "No hay nada en esta página";
    LIST_PAST_END_TEXT = "The list ends before this page." / "La lista termina antes de esta página.";
    LIST_GO_FIRST_PAGE = "Go to the first page" / "Ir a la primera página";
    LIST_EMPTY_TITLE = "No virtual machines yet" / "Todavía no hay máquinas virtuales";
    LIST_EMPTY_TEXT = "This account has no virtual machines. Create the first one." / "Esta cuenta no tiene máquinas virtuales. Crea la primera.";
    SHELL_DISMISS = "Dismiss" / "Cerrar";
    SINCE_TITLE = "Since your last visit ({when})" / "Desde tu última visita ({when})";

    // The pager
    PAGER_PAGES = "Pages" / "Páginas";
    PAGER_SKIPPED_ONE = "({n} unreadable entries left out)" / "({n} entrada ilegible omitida)";
    PAGER_SKIPPED_OTHER = "({n} unreadable entries left out)" / "({n} entradas ilegibles omitidas)";
    PAGER_PER_PAGE = "Per page" / "Por página";
    PAGER_FIRST = "First" / "Primera";
    PAGER_PREVIOUS = "Previous" / "Anterior";
    PAGER_NEXT = "Next" / "Siguiente";
    PAGER_LAST = "Last" / "Última";

    // Selecting, acting on and exporting several VMs
    LIST_SELECTED_VMS = "Selected virtual machines" / "Máquinas virtuales seleccionadas";
    LIST_SELECTED_ONE = "{n} VM selected" / "{n} VM seleccionada";
    LIST_SELECTED_OTHER = "{n} VMs selected" / "{n} VM seleccionadas";
    LIST_CLEAR_SELECTION = "Clear selection" / "Quitar la selección";
    LIST_FETCHING_ACTIONS = "Fetching the list's actions" / "Descargar las acciones de la lista";
    LIST_EXPORTING = "Exporting…" / "Exportando…";
    LIST_EXPORTING_N = "Exporting… {n}" / "Exportando… {n}";
    LIST_EXPORTING_N_OF = "Exporting… {n} of {total}" / "Exportando… {n} de {total}";
    BULK_EXPORTING = "Exporting the virtual machines" / "Exportar las máquinas virtuales";
    BULK_SENT = "{action}: {n} of {total} sent…" / "{action}: {n} de {total} enviadas…";
    BULK_RESULT = "{action}: {done} accepted, {refused} refused" / "{action}: {done} aceptadas, {refused} rechazadas";
    BULK_SENDING = "sending…" / "enviando…";
    BULK_ACCEPTED = "accepted" / "aceptada";
    BULK_REFUSED = "refused: {why}" / "rechazada: {why}";

    // Destroying several VMs
    BULK_DESTROY_TITLE = "Destroy virtual machines" / "Destruir máquinas virtuales";
    BULK_DESTROY_WORD = "destroy" / "destruir";
    BULK_TYPE_FIRST = "Type the word first." / "Escribe antes la palabra.";
    BULK_DESTROYING = "Destroying the VMs" / "Destruir las VM";
    BULK_DESTROY_WARNING_ONE = "This cannot be undone. These {n} VMs go, with their disks, interfaces, addresses and backups:" / "No se puede deshacer. Desaparece {n} VM, con sus discos, interfaces, direcciones y copias de seguridad:";
    BULK_DESTROY_WARNING_OTHER = "This cannot be undone. These {n} VMs go, with their disks, interfaces, addresses and backups:" / "No se puede deshacer. Desaparecen {n} VM, con sus discos, interfaces, direcciones y copias de seguridad:";
    BULK_DESTROY_REQUEST_WHAT = "What “Destroy for good” sends, one request per VM" / "Lo que envía «Destruir para siempre», una petición por VM";
}
