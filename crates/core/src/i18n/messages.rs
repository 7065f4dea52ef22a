//! What the core crate says: errors, validation, titles, summaries.

crate::catalogue! {
    // Errors of API calls
    ERR_DETAIL_HTML = "an HTML page came instead of JSON (often the error page of a proxy or gateway)." / "ha llegado una página HTML en lugar de JSON (a menudo la página de error de un proxy o una pasarela).";
    ERR_DETAIL_CUT_SHORT = "the answer was cut short." / "la respuesta ha llegado cortada.";
    ERR_DETAIL_BROKEN_JSON = "the JSON is broken ({err})." / "el JSON está roto ({err}).";
    ERR_DETAIL_NOT_JSON = "it is not JSON: “{excerpt}”." / "no es JSON: «{excerpt}».";
    ERR_UNREACHABLE = "Cannot reach the API at {base_url}. Check the address and your connection." / "No se puede conectar con la API en {base_url}. Comprueba la dirección y tu conexión.";
    ERR_TIMEOUT = "The API at {base_url} did not answer within {seconds} seconds." / "La API en {base_url} no ha respondido en {seconds} segundos.";
    ERR_UNAUTHORIZED = "Your session expired or the token was refused." / "Tu sesión ha caducado o se ha rechazado el token.";
    ERR_FORBIDDEN = "This token is not allowed to do that." / "Este token no tiene permiso para hacer eso.";
    ERR_NOT_FOUND = "Not found." / "No encontrado.";
    ERR_PRECONDITION = "The service refused the request (412)." / "El servicio ha rechazado la petición (412).";
    ERR_VALIDATION = "The service refused the request:" / "El servicio ha rechazado la petición:";
    ERR_REJECTED = "The service refused the request (HTTP {status})." / "El servicio ha rechazado la petición (HTTP {status}).";
    ERR_SERVER = "The service had a problem (HTTP {status})." / "El servicio tuvo un problema (HTTP {status}).";
    ERR_RETRY_AFTER = "It asks to try again in {s} seconds." / "Pide volver a intentarlo dentro de {s} segundos.";
    ERR_TRY_AGAIN_SOON = "Try again in a moment." / "Vuelve a intentarlo en un momento.";
    ERR_MALFORMED = "The service sent an answer that could not be read (HTTP {status}): {detail}" / "El servicio ha enviado una respuesta que no se ha podido leer (HTTP {status}): {detail}";
    ERR_PART_NOT_LOADED = "The panel could not download the code of {part}. Check your connection; nothing was sent to the service." / "El panel no ha podido descargar el código de {part}. Comprueba tu conexión; no se ha enviado nada al servicio.";
    ERR_HTML_INSTEAD_OF_JSON = "The server answered with an HTML page instead of JSON." / "El servidor ha respondido con una página HTML en lugar de JSON.";
    ERR_EMPTY_BODY = "(empty)" / "(vacío)";

    // Checks on what a user typed
    VAL_ENTER_HOSTNAME = "Enter a hostname." / "Escribe un nombre de host.";
    VAL_HOSTNAME_DIGIT_FIRST = "The hostname may not start with a digit." / "El nombre de host no puede empezar por un dígito.";
    VAL_HOSTNAME_BAD_CHAR = "The hostname may contain only letters A–Z, digits and dashes, not “{bad}”." / "El nombre de host solo puede contener letras A–Z, dígitos y guiones, no «{bad}».";
    VAL_HOSTNAME_TOO_LONG = "The hostname may be at most 25 characters long ({len} now)." / "El nombre de host puede tener como máximo 25 caracteres (ahora {len}).";
    VAL_A_SPACE = "a space" / "un espacio";
    VAL_QUOTED_CHAR = "“{bad}”" / "«{bad}»";
    VAL_PASSWORD_BAD_CHAR = "The password may contain only letters, digits, dashes and underscores, not {shown}." / "La contraseña solo puede contener letras, dígitos, guiones y guiones bajos, no {shown}.";
    VAL_PASSWORD_TOO_SHORT = "The password needs at least 6 characters ({len} now)." / "La contraseña necesita al menos 6 caracteres (ahora {len}).";
    VAL_PASSWORD_TOO_LONG = "The password may be at most 32 characters long ({len} now)." / "La contraseña puede tener como máximo 32 caracteres (ahora {len}).";
    VAL_ENTER_LABEL = "Enter a label." / "Escribe una etiqueta.";
    VAL_HOSTNAME_SEARCH = "Type part of a hostname: letters, digits, dots and hyphens, at most 253 characters." / "Escribe parte de un nombre de host: letras, dígitos, puntos y guiones, como mucho 253 caracteres.";
    VAL_LABEL_TOO_LONG = "The label may be at most 255 characters long ({len} now)." / "La etiqueta puede tener como máximo 255 caracteres (ahora {len}).";
    VAL_ENTER_THE = "Enter the {what}." / "Indica {what}.";
    VAL_NOT_NEGATIVE = "The {what} cannot be negative." / "No se admite un valor negativo para {what}.";
    VAL_WHOLE_NUMBER = "The {what} must be a whole number." / "Usa un número entero para {what}.";
    VAL_A_NUMBER = "The {what} must be a number." / "Usa un número para {what}.";
    VAL_AT_LEAST_ONE = "The {what} must be at least 1." / "El mínimo para {what} es 1.";
    VAL_RATE_LIMIT_UNLIMITED = "{message} Use 0 for unlimited." / "{message} Usa 0 para no limitar.";
    VAL_ENTER_ISO_URL = "Enter the ISO's URL." / "Escribe la URL de la ISO.";
    VAL_ISO_URL_SCHEME = "The ISO URL must start with http://, https://, ftp:// or ftps://." / "La URL de la ISO debe empezar por http://, https://, ftp:// o ftps://.";
    VAL_ISO_URL_HOST = "The ISO URL needs a host name after the scheme." / "La URL de la ISO necesita un nombre de host después del esquema.";
    VAL_ISO_URL_USER_INFO = "Leave the user name and password out of the address: the service keeps it with the VM, where others could read them. Use a link that needs no login." / "Quita el nombre de usuario y la contraseña de la dirección: el servicio la guarda con la VM, donde otros podrían leerlos. Usa un enlace que no pida iniciar sesión.";
    VAL_ISO_URL_SPACES = "The ISO URL may not contain spaces." / "La URL de la ISO no puede contener espacios.";
    VAL_IPV4 = "The {what} must be an IPv4 address like 192.0.2.10." / "Usa una dirección IPv4 como 192.0.2.10 para {what}.";
    VAL_NETMASK_PREFIX = "A netmask prefix goes from /0 to /32." / "Un prefijo de máscara de red va de /0 a /32.";
    VAL_NETMASK_CONTIGUOUS = "The netmask's ones must come first, like 255.255.255.0." / "Los unos de la máscara de red deben ir primero, como en 255.255.255.0.";
    VAL_NETMASK_FORM = "The netmask must look like 255.255.255.0 or /24." / "La máscara de red debe tener la forma 255.255.255.0 o /24.";
    VAL_CHOOSE = "Choose a {what}." / "Elige {what}.";
    VAL_MAC_FORM = "A MAC address is six pairs of hex digits separated by colons, like 02:1a:2b:3c:4d:5e." / "Una dirección MAC consta de seis pares de dígitos hexadecimales separados por dos puntos, como 02:1a:2b:3c:4d:5e.";
    VAL_MAC_ZEROS = "The MAC address may not be all zeros." / "La dirección MAC no puede ser todo ceros.";
    VAL_MAC_UNICAST = "The MAC address must be a unicast one (its first byte even)." / "La dirección MAC debe ser unicast (con el primer byte par).";

    // What a checked field is called in the messages above
    WHAT_MEMORY = "memory" / "la memoria";
    WHAT_CPUS = "number of CPUs" / "el número de CPU";
    WHAT_DISK_SIZE = "disk size" / "el tamaño del disco";
    WHAT_PRIMARY_DISK_SIZE = "primary disk size" / "el tamaño del disco principal";
    WHAT_SWAP_SIZE = "swap size" / "el tamaño de la swap";
    WHAT_CPU_SHARE = "CPU share" / "la cuota de CPU";
    WHAT_RATE_LIMIT = "rate limit" / "el límite de velocidad";
    WHAT_IP_ADDRESS = "IP address" / "la dirección IP";
    WHAT_GATEWAY = "gateway" / "la puerta de enlace";
    WHAT_ADDRESS = "address" / "la dirección";
    WHAT_TEMPLATE = "template" / "la plantilla";
    WHAT_LOCATION = "location" / "la ubicación";
    WHAT_DATA_STORE_GROUP = "data store group" / "el grupo de almacenes de datos";
    WHAT_NETWORK = "network" / "la red";
    WHAT_NETWORK_GROUP = "network group" / "el grupo de redes";
    WHAT_USER = "user" / "el usuario";
    WHAT_ISO = "ISO" / "la ISO";

    // Forms
    FORM_SEE_FIELD_BELOW = "See the message at the field below." / "Mira el mensaje junto al campo de abajo.";
    FORM_SEE_FIELDS_BELOW = "See the messages at the fields below." / "Mira los mensajes junto a los campos de abajo.";
    FORM_ENTER_API_ADDRESS = "Enter the API address." / "Escribe la dirección de la API.";
    FORM_ENTER_ACCOUNT_ID = "Enter your account id." / "Escribe el id de tu cuenta.";
    FORM_ACCOUNT_ID_NUMBER = "The account id is a number." / "El id de la cuenta es un número.";
    FORM_ENTER_API_TOKEN = "Enter your API token." / "Escribe tu token de la API.";

    // A login handed over by the provider's portal
    PORTAL_UNNAMED = "your provider's portal" / "el portal de tu proveedor";
    HANDOFF_NOT_ACCEPTED = "This panel does not take a login from a link. Log in here with your account id and API token." / "Este panel no acepta un inicio de sesión desde un enlace. Inicia sesión aquí con tu id de cuenta y tu token de la API.";
    HANDOFF_UNKNOWN_KEY = "The login link holds “{key}”, which the panel does not take from a link, so it was not used. The API address is always the panel's own." / "El enlace de inicio de sesión contiene «{key}», que el panel no acepta en un enlace, así que no se ha usado. La dirección de la API es siempre la del propio panel.";
    HANDOFF_MALFORMED = "The login link is damaged, so it was not used." / "El enlace de inicio de sesión está dañado, así que no se ha usado.";
    FORM_CHOOSE_TEMPLATE = "Choose a template." / "Elige una plantilla.";
    FORM_CHOOSE_ISO = "Choose an ISO." / "Elige una ISO.";
    FORM_DEFAULT_POLICY_VALUES = "The default policy is ACCEPT or DROP." / "La política por defecto es ACCEPT o DROP.";
    FORM_DEFAULT_FIREWALL_POLICY_VALUES = "The default firewall policy is ACCEPT or DROP." / "La política por defecto del cortafuegos es ACCEPT o DROP.";
    FORM_ENTER_PACKET_SOURCE = "Enter the address the packet comes from." / "Escribe la dirección de la que viene el paquete.";
    FORM_NOT_IPV4 = "“{value}” is not an IPv4 address." / "«{value}» no es una dirección IPv4.";
    FORM_PROTOCOL_TCP_UDP = "The protocol is TCP or UDP." / "El protocolo es TCP o UDP.";
    FORM_PORT_RANGE = "The port is a number from 1 to 65535." / "El puerto es un número del 1 al 65535.";
    FORM_CPU_TYPE_VALUES = "The CPU type is intel or amd." / "El tipo de CPU es intel o amd.";

    // Editing and cloning a VM
    EDIT_DISK_CANNOT_SHRINK = "The primary disk cannot shrink below its {now} GB." / "El disco principal no puede reducirse por debajo de sus {now} GB.";
    EDIT_BOOT_TYPE_VALUES = "Boot from the disk (default) or the CD-ROM (cdrom)." / "Arranca desde el disco (default) o desde el CD-ROM (cdrom).";
    EDIT_HOSTNAME_INFORMATIVE = "The hostname is informative only: nothing changes inside the VM." / "El nombre de host es solo informativo: no cambia nada dentro de la VM.";
    EDIT_RESIZE_BUSY = "New memory or CPUs: a running VM is busy while it is resized." / "Nueva memoria o CPU: una VM en marcha queda ocupada mientras se redimensiona.";
    EDIT_DISK_GROW_FS = "A larger primary disk: the file system inside must be grown to use it." / "Un disco principal más grande: hay que ampliar el sistema de archivos de dentro para usarlo.";
    EDIT_CPU_TYPE_REBOOT = "The CPU type needs a reboot to apply." / "El tipo de CPU necesita reiniciar para aplicarse.";
    EDIT_BOOT_DEVICE_NEXT_BOOT = "The boot device applies at the next boot." / "El dispositivo de arranque se aplica en el próximo arranque.";
    CLONE_DISK_TOO_SMALL = "A copy cannot be smaller than the {now} GB of the source." / "Una copia no puede ser más pequeña que los {now} GB del original.";

    // Network interfaces
    NET_RATE_UNLIMITED = "unlimited" / "sin límite";

    // Firewall rule form
    FW_PORT_MISSING = "A port is missing between the commas." / "Falta un puerto entre las comas.";
    FW_PORT_OUT_OF_RANGE = "Port {p} is out of range: ports go from 1 to 65535." / "El puerto {p} está fuera de rango: los puertos van del 1 al 65535.";
    FW_NOT_A_PORT = "“{text}” is not a port number." / "«{text}» no es un número de puerto.";
    FW_LIST_OR_RANGE = "Give either a list (22,80) or one range (1000:2000), not both." / "Indica una lista (22,80) o un rango (1000:2000), no ambos.";
    FW_PORT_RANGE_REVERSED = "The port range start ({lo}) is above its end ({hi})." / "El inicio del rango de puertos ({lo}) es mayor que su final ({hi}).";
    FW_PORT_RANGE_COLON = "Write a port range with a colon: 1000:2000." / "Escribe un rango de puertos con dos puntos: 1000:2000.";
    FW_NOT_A_MASK = "“/{mask}” is not a mask: use /0 to /32." / "«/{mask}» no es una máscara: usa de /0 a /32.";
    FW_ADDRESS_RANGE_REVERSED = "The address range starts ({lo}) after it ends ({hi})." / "El rango de direcciones empieza ({lo}) después de terminar ({hi}).";
    FW_COMMAND_VALUES = "The command is ACCEPT or DROP." / "La acción es ACCEPT o DROP.";
    FW_DROPS_SSH = "This drops SSH (port 22) from everyone: you may lock yourself out of the VM." / "Esto descarta SSH (puerto 22) para todos: podrías quedarte sin acceso a la VM.";
    FW_IDENTICAL_RULE = "An identical rule exists already on this interface." / "Ya existe una regla idéntica en esta interfaz.";
    FW_NEVER_MATCHES = "This rule would never match: {message}" / "Esta regla nunca se aplicaría: {message}";

    // The VM page's tabs and the pages' titles
    TAB_OVERVIEW = "Overview" / "Resumen";
    TAB_ISOS = "ISOs" / "ISO";
    TAB_SNAPSHOTS = "Snapshots" / "Instantáneas";
    TAB_FIREWALL = "Firewall" / "Cortafuegos";
    TAB_STATISTICS = "Statistics" / "Estadísticas";
    TAB_SETTINGS = "Settings" / "Ajustes";
    TITLE_VMS_COUNT = "Virtual machines ({count})" / "Máquinas virtuales ({count})";
    TITLE_CREATE_VM = "Create a VM" / "Crear una VM";

    // Firewall rule checks
    RULES_SEMANTICS = "Rules are checked in order; the first rule whose protocol, address and port all match decides, and when none matches, the default policy decides." / "Las reglas se comprueban en orden; decide la primera regla cuyo protocolo, dirección y puerto coinciden, y cuando no coincide ninguna, decide la política por defecto.";
    RULES_LABEL = "{command} {protocol} {ports} from {addresses}" / "{command} {protocol} {ports} desde {addresses}";
    RULES_NO_COMMAND = "It has no command: ACCEPT or DROP." / "No tiene acción: ACCEPT o DROP.";
    RULES_NOT_A_COMMAND = "“{text}” is not a command: use ACCEPT or DROP." / "«{text}» no es una acción: usa ACCEPT o DROP.";
    RULES_NO_PROTOCOL = "It has no protocol: TCP or UDP." / "No tiene protocolo: TCP o UDP.";
    RULES_NOT_A_PROTOCOL = "“{text}” is not a protocol: use TCP or UDP." / "«{text}» no es un protocolo: usa TCP o UDP.";
    RULES_ANYWHERE = "anywhere" / "cualquier lugar";
    RULES_ANY_PORT = "any port" / "cualquier puerto";
    RULES_AND_LIST = "{init} and {last}" / "{init} y {last}";
    RULES_FINDING_MALFORMED = "Rule {place} is not valid, so it never matches: {problems}" / "La regla {place} no es válida, así que nunca se aplica: {problems}";
    RULES_FINDING_DUPLICATE = "Rule {place} ({label}) repeats rule {first}, so it can never match." / "La regla {place} ({label}) repite la regla {first}, así que nunca se puede aplicar.";
    RULES_WHO_COVERS_ONE = "rule {places} covers" / "la regla {places} cubre";
    RULES_WHO_COVER_OTHER = "rules {places} cover" / "las reglas {places} cubren";
    RULES_FINDING_SHADOWED = "Rule {place} ({label}) can never match: {who} every packet it would." / "La regla {place} ({label}) nunca se puede aplicar: {who} todos los paquetes a los que se aplicaría.";
    RULES_FINDING_REPEATED_PORT_ONE = "Rule {place} ({label}) lists port {ports} more than once." / "La regla {place} ({label}) incluye el puerto {ports} más de una vez.";
    RULES_FINDING_REPEATED_PORT_OTHER = "Rule {place} ({label}) lists ports {ports} more than once." / "La regla {place} ({label}) incluye los puertos {ports} más de una vez.";
    RULES_FINDING_NO_REMOTE_ACCESS = "The default policy is DROP and no rule accepts SSH (22) or RDP (3389) from any address: nobody can reach this interface remotely." / "La política por defecto es DROP y ninguna regla acepta SSH (22) ni RDP (3389) desde ninguna dirección: nadie puede acceder a esta interfaz de forma remota.";
    RULES_LOCKOUT_EVERYONE = "With these rules nobody can reach SSH (22) or RDP (3389) on this interface." / "Con estas reglas nadie puede acceder a SSH (22) ni RDP (3389) en esta interfaz.";
    RULES_LOCKOUT_YOUR_ADDRESS = "With these rules your address {address} cannot reach SSH (22) or RDP (3389)." / "Con estas reglas tu dirección {address} no puede acceder a SSH (22) ni RDP (3389).";

    // A VM's status, type and name
    STATUS_ONLINE = "online" / "en marcha";
    STATUS_OFFLINE = "offline" / "apagada";
    STATUS_UNBUILT = "unbuilt" / "sin construir";
    STATUS_RECOVERY = "recovery" / "en rescate";
    VM_TYPE_STANDARD = "standard" / "estándar";
    VM_TYPE_AUTOSCALED = "autoscaled" / "autoescalada";
    VM_TYPE_BALANCER = "balancer" / "balanceador";
    VM_TYPE_BALANCER_FAILOVER = "balancer failover" / "balanceador con conmutación por error";
    VM_TYPE_FIREWALL = "firewall" / "cortafuegos";
    VM_UNNAMED = "unnamed VM" / "VM sin nombre";
    CONNECT_REMOTE_DESKTOP = "Remote desktop" / "Escritorio remoto";

    // How old the data on screen is
    UPDATED_JUST_NOW = "Updated just now" / "Actualizado ahora mismo";
    UPDATED_SECONDS_AGO = "Updated {s} s ago" / "Actualizado hace {s} s";
    UPDATED_MINUTES_AGO = "Updated {min} min ago" / "Actualizado hace {min} min";
    UPDATED_HOURS_AGO = "Updated {h} h ago" / "Actualizado hace {h} h";

    // Statistics: periods, chart labels and summaries
    STATS_LAST_HOUR = "Last hour" / "Última hora";
    STATS_LAST_30_DAYS = "Last 30 days" / "Últimos 30 días";
    STATS_LAST_DAY = "Last day" / "Último día";
    STATS_LAST_MONTH = "Last month" / "Último mes";
    STATS_LAST_YEAR = "Last year" / "Último año";
    STATS_TODAY = "today" / "hoy";
    STATS_NOW = "now" / "ahora";
    STATS_YESTERDAY = "yesterday" / "ayer";
    STATS_MINUTES_AGO = "{n} min ago" / "hace {n} min";
    STATS_HOURS_AGO = "{n} h ago" / "hace {n} h";
    STATS_DAYS_AGO = "{n} days ago" / "hace {n} días";
    STATS_UNITS_AGO = "{n} {unit}s ago" / "hace {n} {unit}s";
    STATS_NO_CPU_DATA = "No CPU data for this period" / "No hay datos de CPU para este periodo";
    STATS_NO_TRAFFIC_DATA = "No traffic data for this period" / "No hay datos de tráfico para este periodo";
    STATS_CPU_SUMMARY = "average {average} % · peak {peak} %" / "media {average} % · máximo {peak} %";
    STATS_IN = "In" / "Entrada";
    STATS_OUT = "Out" / "Salida";
    STATS_TRAFFIC_TOTALS = "in {bytes_in} · out {bytes_out}" / "entrada {bytes_in} · salida {bytes_out}";
    STATS_TRAFFIC_RATES = "average {average} · peak {peak} · 95th percentile {p95}" / "media {average} · máximo {peak} · percentil 95 {p95}";
    STATS_TRAFFIC_MONTH = "at this pace, {month} a month" / "a este ritmo, {month} al mes";
    MONTH_JAN = "Jan" / "ene";
    MONTH_FEB = "Feb" / "feb";
    MONTH_MAR = "Mar" / "mar";
    MONTH_APR = "Apr" / "abr";
    MONTH_MAY = "May" / "may";
    MONTH_JUN = "Jun" / "jun";
    MONTH_JUL = "Jul" / "jul";
    MONTH_AUG = "Aug" / "ago";
    MONTH_SEP = "Sep" / "sept";
    MONTH_OCT = "Oct" / "oct";
    MONTH_NOV = "Nov" / "nov";
    MONTH_DEC = "Dec" / "dic";

    // Activity: how a recorded action ended
    HISTORY_DONE = "{action} on {vm}: done, {outcome}." / "{action} en {vm}: hecho, {outcome}.";
    HISTORY_DONE_PLAIN = "{action} on {vm}: done." / "{action} en {vm}: hecho.";
    HISTORY_FAILED = "{action} on {vm} failed: {why}" / "{action} en {vm} ha fallado: {why}";
    HISTORY_APPLY_FIREWALL_RULES = "Apply firewall rules" / "Aplicar las reglas del cortafuegos";
    HISTORY_RESIZE = "Resize" / "Redimensionar";

    // Activity: names of recorded actions no other catalogue gives
    ACTION_ADD_IP_ADDRESS = "Add IP address" / "Añadir dirección IP";
    ACTION_ADD_INTERFACE = "Add interface" / "Añadir interfaz";
    ACTION_DELETE_INTERFACE = "Delete interface" / "Eliminar interfaz";
    ACTION_EDIT_INTERFACE = "Edit interface" / "Editar interfaz";
    ACTION_MOUNT_ISO = "Mount ISO" / "Montar ISO";
    ACTION_REMOVE_IP_ADDRESS = "Remove IP address" / "Quitar dirección IP";
    ACTION_SEGREGATION = "Segregation" / "Segregación";
    ACTION_SET_DEFAULT_POLICY = "Set default policy" / "Cambiar la política por defecto";
    ACTION_UNMOUNT_ISO = "Unmount ISO" / "Desmontar ISO";
    ACTION_CREATE_FIREWALL_RULE = "Create firewall rule" / "Crear regla del cortafuegos";

    // What changed since the last visit
    CHANGES_SIZES = "{memory} MB · {cpus} CPUs · {disk} GB disk" / "{memory} MB · {cpus} CPU · {disk} GB de disco";
    CHANGES_ADDED = "{name} is new" / "{name} es nueva";
    CHANGES_REMOVED = "{name} is gone" / "{name} ya no está";
    CHANGES_STARTED = "{name} was started" / "{name} se ha arrancado";
    CHANGES_STOPPED = "{name} was stopped" / "{name} se ha detenido";
    CHANGES_STATUS = "{name} went from {from} to {to}" / "{name} ha pasado de {from} a {to}";
    CHANGES_RESIZED = "{name} was resized: {from} → {to}" / "{name} se ha redimensionado: {from} → {to}";
    CHANGES_GAINED = "gained {addresses}" / "ha recibido {addresses}";
    CHANGES_LOST = "lost {addresses}" / "ha perdido {addresses}";
    CHANGES_SUSPENDED = "{name} was suspended by the provider" / "El proveedor ha suspendido {name}";
    CHANGES_UNSUSPENDED = "{name} is no longer suspended" / "{name} ya no está suspendida";

    // Bulk actions and the rescue flow
    BULK_DESTROY = "Destroy" / "Destruir";
    RESCUE_MOUNT_ISO = "Mount the ISO" / "Montar la ISO";
    RESCUE_BOOT_FROM_CD = "Set the boot device to CD-ROM" / "Poner el CD-ROM como dispositivo de arranque";
    RESCUE_UNMOUNT_ISO = "Unmount the ISO" / "Desmontar la ISO";
    RESCUE_BOOT_FROM_DISK = "Set the boot device back to the disk" / "Volver a poner el disco como dispositivo de arranque";
    RESCUE_STEP_FAILED = "Step {n} of {count} ({step}) failed: {why}" / "El paso {n} de {count} ({step}) ha fallado: {why}";
    RESCUE_STEP_RUNNING = "Step {n} of {count}: {step}…" / "Paso {n} de {count}: {step}…";
    RESCUE_ALL_DONE = "All steps done." / "Todos los pasos hechos.";
    RESCUE_STEPS_DONE = "{done} of {count} steps done." / "{done} de {count} pasos hechos.";

    // Plans, disks and ISOs
    PLAN_CPUS_ONE = "{n} CPU" / "{n} CPU";
    PLAN_CPUS_OTHER = "{n} CPUs" / "{n} CPU";
    PLAN_SIZES = "{memory} memory · {cpus} · {disk} GB disk" / "{memory} de memoria · {cpus} · {disk} GB de disco";
    DISK_PRIMARY = "Primary disk" / "Disco principal";
    DISK_NUMBER = "Disk {id}" / "Disco {id}";
    ISO_NUMBER = "ISO #{id}" / "ISO n.º {id}";
    ISO_UNNAMED = "ISO" / "ISO";

    // The provider's brand

    // Ids in paths, paging, sorting and shortcuts
    PATHS_INVALID_ID = "“{id}” is not a valid {what} id." / "«{id}» no es un id válido para {what}.";
    WHAT_VIRTUAL_MACHINE = "virtual machine" / "la máquina virtual";
    WHAT_MOUNTED_ISO = "mounted ISO" / "la ISO montada";
    WHAT_NETWORK_INTERFACE = "network interface" / "la interfaz de red";
    WHAT_ACCOUNT = "account" / "la cuenta";
    PATHS_API_ADDRESS_SPACES = "The API address must not contain spaces." / "La dirección de la API no puede contener espacios.";
    PATHS_API_ADDRESS_SCHEME = "The API address must start with https://, http:// or /." / "La dirección de la API debe empezar por https://, http:// o /.";
    PATHS_API_ADDRESS_HOST = "The API address needs a host name (and no user name)." / "La dirección de la API necesita un nombre de host (y ningún nombre de usuario).";
    PATHS_API_ADDRESS_QUERY = "The API address must not contain ? or #." / "La dirección de la API no puede contener ? ni #.";
    PAGE_RANGE_EMPTY = "0 of {total}" / "0 de {total}";
    PAGE_RANGE_NONE = "none" / "ninguna";
    PAGE_RANGE = "{first}–{last} of {total}" / "{first}–{last} de {total}";
    SORT_IDENTIFIER = "Identifier" / "Identificador";
    SORT_DISK_SIZE = "Disk size" / "Tamaño del disco";
    SHORTCUT_KEYS_FIND = "Ctrl K  or  /" / "Ctrl K  o  /";
    SHORTCUT_FIND = "Find a VM or a page" / "Buscar una VM o una página";
    SHORTCUT_THESE = "These shortcuts" / "Estos atajos";
    SHORTCUT_CLOSE_DIALOG = "Close a dialog" / "Cerrar un diálogo";
    PLACE_PAGE = "Page" / "Página";
    PLACE_TAB = "Tab" / "Pestaña";

    // An answer that is not the resource asked for
    DECODE_EXPECTED_FOUND = "expected {expected}, found {found}" / "se esperaba {expected} y ha llegado {found}";
    DECODE_NULL = "null" / "null";
    DECODE_BOOLEAN = "a boolean" / "un booleano";
    DECODE_NUMBER = "a number" / "un número";
    DECODE_STRING = "a string" / "una cadena";
    DECODE_LIST = "a list" / "una lista";
    DECODE_OBJECT = "an object" / "un objeto";
    DECODE_OBJECT_WITHOUT_LIST = "an object without a list" / "un objeto sin lista";
    DECODE_CPU_USAGE = "a CPU usage resource" / "un recurso de uso de CPU";
    DECODE_CPU_USAGE_NUMBERS = "a list of CPU usage numbers" / "una lista de cifras de uso de CPU";
    DECODE_NETWORK_USAGE = "a network usage resource" / "un recurso de uso de red";
    DECODE_FIREWALL_RULE = "a firewall rule" / "una regla del cortafuegos";
    DECODE_FIREWALL_RULES = "a list of firewall rules" / "una lista de reglas del cortafuegos";
    DECODE_IP_ADDRESSES = "a list of IP addresses" / "una lista de direcciones IP";
    DECODE_DISKS = "a list of disks" / "una lista de discos";
    DECODE_NETWORK_INTERFACE = "a network interface" / "una interfaz de red";
    DECODE_NETWORK_INTERFACES = "a list of network interfaces" / "una lista de interfaces de red";
    DECODE_SNAPSHOTS = "a list of snapshots" / "una lista de instantáneas";
    DECODE_VIRTUAL_MACHINE = "a virtual machine" / "una máquina virtual";
    DECODE_VIRTUAL_MACHINES = "a list of virtual machines" / "una lista de máquinas virtuales";
    DECODE_MOUNTED_ISO = "a mounted ISO" / "una ISO montada";
}
