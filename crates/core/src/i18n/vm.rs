//! The VM page, its frame and its tabs but the network, firewall and statistics ones.

crate::catalogue! {
    // The page's frame and header
    VM_PAGE_DOING_READ_AGAIN = "Reading the virtual machine again" / "Volver a leer la máquina virtual";
    VM_PAGE_DOING_LOAD = "Loading the virtual machine" / "Cargar la máquina virtual";
    VM_PAGE_COPY_HOSTNAME = "the hostname" / "el nombre de host";
    VM_PAGE_COPY_CONNECT = "how to connect" / "cómo conectarse";
    VM_PAGE_CREATE_LIKE_THIS = "Create like this" / "Crear otra como esta";
    VM_PAGE_TABS = "Parts of this virtual machine" / "Partes de esta máquina virtual";

    // Operations and their dialogs
    VM_OP_BUSY = "The VM is busy with another operation; wait until it has finished." / "La VM está ocupada con otra operación; espera a que termine.";
    VM_DIALOG_SENDS = "What this dialog sends" / "Lo que envía este diálogo";

    // Start, stop and reboot
    POWER_NOT_BUILT = "The VM is not built yet." / "La VM aún no está construida.";
    POWER_SUSPENDED = "The provider suspended this VM." / "El proveedor ha suspendido esta VM.";
    POWER_STOP_HINT = "Shut the VM down" / "Apagar la VM";
    POWER_REBOOT_HINT = "Restart the VM" / "Reiniciar la VM";
    POWER_START_HINT = "Start the VM" / "Arrancar la VM";
    POWER_DOING_START = "Starting the VM" / "Arrancar la VM";
    POWER_STOP_TITLE = "Stop the virtual machine" / "Detener la máquina virtual";
    POWER_STOP_GRACEFUL = "Shut down: the operating system closes its programs and powers off." / "Apagar: el sistema operativo cierra sus programas y se apaga.";
    POWER_STOP_FORCED = "Force off: like pulling the plug. Unsaved data inside the VM is lost." / "Forzar el apagado: como desenchufar el cable. Se pierden los datos sin guardar dentro de la VM.";
    POWER_DOING_STOP = "Stopping the VM" / "Detener la VM";
    POWER_REBOOT_TITLE = "Reboot the virtual machine" / "Reiniciar la máquina virtual";
    POWER_REBOOT_GRACEFUL = "Reboot: the operating system restarts cleanly." / "Reiniciar: el sistema operativo se reinicia de forma ordenada.";
    POWER_REBOOT_FORCED = "Force reboot: kills the VM at once. Only one kind of provider honours this; the others reboot gracefully instead." / "Forzar el reinicio: detiene la VM de golpe. Solo un tipo de proveedor lo respeta; los demás reinician de forma ordenada.";
    POWER_DOING_REBOOT = "Rebooting the VM" / "Reiniciar la VM";

    // The overview
    OVERVIEW_HYPERVISOR = "Hypervisor" / "Hipervisor";
    OVERVIEW_BOOT_DEVICE = "Boot device" / "Dispositivo de arranque";
    OVERVIEW_CDROM_DRIVE = "CD-ROM drive" / "Unidad de CD-ROM";
    OVERVIEW_KEPT_APART = "Kept apart from VM" / "Separada de la VM";
    OVERVIEW_VIP = "VIP" / "VIP";
    OVERVIEW_CREATED = "Created" / "Creada";
    OVERVIEW_UPDATED = "Updated" / "Actualizada";
    OVERVIEW_RAW_FIELDS_ONE = "All {n} fields as the API sent them" / "{n} campo, tal como lo envió la API";
    OVERVIEW_RAW_FIELDS_OTHER = "All {n} fields as the API sent them" / "Los {n} campos, tal como los envió la API";
    OVERVIEW_ROOT_PASSWORD = "Initial root password" / "Contraseña inicial de root";
    OVERVIEW_COPY_PASSWORD = "the initial root password" / "la contraseña inicial de root";

    // Tables of disks and snapshots
    VM_TABLE_SIZE = "Size" / "Tamaño";

    // The disks
    DISKS_INTRO = "The disks of this VM, in the order they are attached." / "Los discos de esta VM, en el orden en que están conectados.";
    DISKS_DOING_LOAD = "Loading the disks" / "Cargar los discos";
    DISKS_EMPTY_TITLE = "No disks" / "No hay discos";
    DISKS_EMPTY_TEXT = "The service lists no disks for this VM." / "El servicio no indica ningún disco para esta VM.";
    DISKS_KIND = "Kind" / "Clase";
    DISKS_MOUNT_POINT = "Mount point" / "Punto de montaje";
    DISKS_DATA_STORE_GROUP = "Data store group" / "Grupo de almacenes de datos";
    DISKS_KIND_SWAP = "swap" / "swap";
    DISKS_KIND_DATA = "data" / "datos";
    DISKS_BUSY = "busy" / "ocupado";
    DISKS_RAW_FIELDS = "All fields of disk {n}" / "Todos los campos del disco {n}";

    // The dialog that applies the disks
    DISKS_APPLY_OPEN = "Apply disks…" / "Aplicar los discos…";
    DISKS_APPLY_TITLE = "Apply the disk configuration" / "Aplicar la configuración de los discos";
    DISKS_APPLY_DOING = "Applying the disks" / "Aplicar los discos";
    DISKS_APPLY_TEXT = "Makes the hypervisor take up the VM's disk configuration." / "Hace que el hipervisor adopte la configuración de discos de la VM.";
    DISKS_FORMAT = "Format the disks" / "Formatear los discos";
    DISKS_FORMAT_WARNING = "Formatting erases all data on the disks." / "Formatear borra todos los datos de los discos.";
    DISKS_FORMAT_AND_APPLY = "Format and apply" / "Formatear y aplicar";
    DISKS_APPLY = "Apply disks" / "Aplicar los discos";

    // The ISOs
    ISOS_BOOTS_FROM_CD = "This VM boots from the CD-ROM: a mounted ISO starts at the next boot." / "Esta VM arranca desde el CD-ROM: una ISO montada se inicia en el próximo arranque.";
    ISOS_HOW_TO_BOOT = "To boot from a mounted ISO, set the VM's boot device to CD-ROM in" / "Para arrancar desde una ISO montada, pon el CD-ROM como dispositivo de arranque de la VM en";
    ISOS_HOW_TO_BOOT_LINK = "Settings → Edit" / "Ajustes → Editar";
    ISOS_HOW_TO_BOOT_END = ", then reboot." / ", y después reinicia.";
    ISOS_MOUNTED = "Mounted ISO" / "ISO montada";
    ISOS_DOING_LOAD = "Loading the mounted ISO" / "Cargar la ISO montada";
    ISOS_MOUNT_AN_ISO = "Mount an ISO" / "Montar una ISO";
    ISOS_NONE = "No ISO is mounted." / "No hay ninguna ISO montada.";
    ISOS_UNMOUNT = "Unmount" / "Desmontar";
    ISOS_DOING_UNMOUNT = "Unmounting the ISO" / "Desmontar la ISO";
    ISOS_RAW_FIELDS = "All fields of the mount" / "Todos los campos del montaje";
    ISOS_DOING_MOUNT = "Mounting the ISO" / "Montar la ISO";
    ISOS_SOURCE = "ISO source" / "Origen de la ISO";
    ISOS_AT_URL = "An ISO at a URL" / "Una ISO en una URL";
    ISOS_MOUNT = "Mount" / "Montar";
    ISOS_MOUNT_SENDS = "What “Mount” sends" / "Lo que envía «Montar»";

    // The rescue flow
    VM_RESCUE_UNDER_WAY = "A rescue flow is under way." / "Hay un proceso de rescate en marcha.";
    VM_RESCUE_INTRO = "Boot the VM from an ISO (a rescue system, an installer) in one go, and back to its disk afterwards. Each step waits until the one before has finished." / "Arranca la VM desde una ISO (un sistema de rescate, un instalador) de una sola vez, y vuelve después a su disco. Cada paso espera a que termine el anterior.";
    VM_RESCUE_FROM_CD = "The VM boots from the CD-ROM." / "La VM arranca desde el CD-ROM.";
    VM_RESCUE_ISO_MOUNTED = "An ISO is mounted; the VM boots from its disk." / "Hay una ISO montada; la VM arranca desde su disco.";
    VM_RESCUE_BOOT_MOUNTED = "Boot from the mounted ISO" / "Arrancar desde la ISO montada";
    VM_RESCUE_BACK = "Back to normal" / "Volver a la normalidad";
    VM_RESCUE_BACK_SENDS = "What “Back to normal” sends" / "Lo que envía «Volver a la normalidad»";
    VM_RESCUE_DOING_BOOT = "Booting from the ISO" / "Arrancar desde la ISO";
    VM_RESCUE_ISO = "ISO to boot from" / "ISO desde la que arrancar";
    VM_RESCUE_BOOT_THIS = "Boot from this ISO" / "Arrancar desde esta ISO";
    VM_RESCUE_BOOT_THIS_SENDS = "What “Boot from this ISO” sends, one request after the other" / "Lo que envía «Arrancar desde esta ISO», una petición tras otra";
    VM_RESCUE_STEP_RUNNING = "running…" / "en curso…";
    VM_RESCUE_STEP_DONE = "done" / "hecho";
    VM_RESCUE_STEP_FAILED = "failed: {why}" / "ha fallado: {why}";

    // The snapshots
    SNAPSHOTS_INTRO = "Snapshots hold the disks' state at a moment; changes since then are kept apart until they are merged." / "Las instantáneas guardan el estado de los discos en un momento dado; los cambios posteriores se guardan aparte hasta que se fusionan.";
    SNAPSHOTS_DOING_LOAD = "Loading the snapshots" / "Cargar las instantáneas";
    SNAPSHOTS_EMPTY_TITLE = "No snapshots" / "No hay instantáneas";
    SNAPSHOTS_EMPTY_TEXT = "This VM has no snapshots." / "Esta VM no tiene instantáneas.";
    SNAPSHOTS_SNAPSHOT = "Snapshot" / "Instantánea";
    SNAPSHOTS_TAKEN = "Taken" / "Tomada";
    SNAPSHOTS_DELETE_ALL_OPEN = "Delete all snapshots…" / "Eliminar todas las instantáneas…";
    SNAPSHOTS_DELETE_ALL = "Delete all snapshots" / "Eliminar todas las instantáneas";
    SNAPSHOTS_DOING_DELETE = "Deleting the snapshots" / "Eliminar las instantáneas";
    SNAPSHOTS_DELETE_TEXT = "Every snapshot of this VM is deleted. The changes made since each snapshot are merged into the disks, so the VM keeps its current state; only the way back to the older states is gone." / "Se eliminan todas las instantáneas de esta VM. Los cambios hechos desde cada instantánea se fusionan en los discos, así que la VM conserva su estado actual; solo se pierde la vuelta a los estados anteriores.";

    // The activity tab
    VM_ACTIVITY_INTRO = "What was done to this VM from this browser, newest first. Other browsers and the provider's own work are not seen here." / "Lo que se ha hecho en esta VM desde este navegador, lo más reciente primero. Aquí no se ve lo hecho desde otros navegadores ni el trabajo del propio proveedor.";

    // The settings' cards: what an operation does to the VM
    SETTINGS_NO_RESTART = "No restart" / "Sin reinicio";
    SETTINGS_MAY_RESTART = "The VM may be busy or restart" / "La VM puede quedar ocupada o reiniciarse";
    SETTINGS_RESTARTS = "Restarts the VM" / "Reinicia la VM";
    SETTINGS_ERASES_DATA = "Erases data" / "Borra datos";

    // Edit
    EDIT_VM_TEXT = "Label, hostname, memory, CPUs, primary disk size, note, CPU type and boot device." / "Etiqueta, nombre de host, memoria, CPU, tamaño del disco principal, nota, tipo de CPU y dispositivo de arranque.";
    EDIT_VM_OPEN = "Edit…" / "Editar…";
    EDIT_VM_TITLE = "Edit this virtual machine" / "Editar esta máquina virtual";
    EDIT_VM_CANNOT_SHRINK = "The primary disk cannot shrink." / "El disco principal no puede reducirse.";
    EDIT_VM_DOING = "Saving the changes" / "Guardar los cambios";
    EDIT_VM_HOSTNAME_HINT = "Informative only: nothing changes inside the VM." / "Solo informativo: no cambia nada dentro de la VM.";
    EDIT_VM_PRIMARY_DISK_HINT = "Can grow, not shrink." / "Puede crecer, no reducirse.";
    EDIT_VM_CPU_TYPE_HINT = "Needs a reboot to apply." / "Necesita reiniciar para aplicarse.";
    EDIT_VM_BOOT_FROM = "Boot from" / "Arrancar desde";
    EDIT_VM_BOOT_HINT = "The CD-ROM needs a mounted ISO." / "El CD-ROM necesita una ISO montada.";
    EDIT_VM_BOOT_DISK = "Disk (default)" / "Disco (por defecto)";
    EDIT_VM_SAVE = "Save changes" / "Guardar cambios";

    // Rebuild
    REBUILD_TITLE = "Rebuild from a template" / "Reinstalar desde una plantilla";
    REBUILD_TEXT = "Installs the operating system again from a template. Every disk is zeroed first: all data on the VM is lost." / "Vuelve a instalar el sistema operativo desde una plantilla. Antes se ponen a cero todos los discos: se pierden todos los datos de la VM.";
    REBUILD_OPEN = "Rebuild…" / "Reinstalar…";
    REBUILD_DIALOG_TITLE = "Rebuild this virtual machine" / "Reinstalar esta máquina virtual";
    REBUILD_DOING = "Rebuilding the VM" / "Reinstalar la VM";
    REBUILD_WARNING = "All data on this VM's disks will be erased." / "Se borrarán todos los datos de los discos de esta VM.";
    REBUILD_WARNING_TEXT = "The disks are zeroed, the operating system installed anew and the network configured again." / "Los discos se ponen a cero, el sistema operativo se instala de nuevo y la red se vuelve a configurar.";
    REBUILD_START = "Start the VM when it is built" / "Arrancar la VM cuando esté construida";
    REBUILD_CONFIRM = "Erase and rebuild" / "Borrar y reinstalar";

    // Destroy
    DESTROY_TITLE = "Destroy" / "Destruir la VM";
    DESTROY_TEXT = "Removes the VM for good, with its disks, network interfaces, IP addresses and backups." / "Elimina la VM para siempre, con sus discos, interfaces de red, direcciones IP y copias de seguridad.";
    DESTROY_DIALOG_TITLE = "Destroy this virtual machine" / "Destruir esta máquina virtual";
    DESTROY_DOING = "Destroying the VM" / "Destruir la VM";
    DESTROY_WARNING = "This cannot be undone. With the VM go:" / "No se puede deshacer. Con la VM desaparecen:";
    DESTROY_DISKS = "all its disks and the data on them" / "todos sus discos y los datos que contienen";
    DESTROY_INTERFACES = "its network interfaces and their firewall rules" / "sus interfaces de red y sus reglas del cortafuegos";
    DESTROY_ADDRESSES = "its IP addresses" / "sus direcciones IP";
    DESTROY_ADDRESSES_LISTED = "its IP addresses ({addresses})" / "sus direcciones IP ({addresses})";
    DESTROY_BACKUPS = "its backups" / "sus copias de seguridad";

    // Clone
    CLONE_VM_CLONE = "Clone" / "Clonar";
    CLONE_VM_TEXT = "Makes a new VM with a copy of this one's disks. This VM is busy while it is copied." / "Crea una VM nueva con una copia de los discos de esta. Esta VM queda ocupada mientras se copia.";
    CLONE_VM_OPEN = "Clone…" / "Clonar…";
    CLONE_VM_STARTED = "Clone started:" / "Clonación iniciada:";
    CLONE_VM_TITLE = "Clone this virtual machine" / "Clonar esta máquina virtual";
    CLONE_VM_DISKS_UNREAD = "Without the disks, the copy keeps their sizes." / "Sin los discos, la copia mantiene sus tamaños.";
    CLONE_VM_DOING = "Cloning the VM" / "Clonar la VM";
    CLONE_VM_HOSTNAME_HINT = "Of the new VM." / "De la VM nueva.";
    CLONE_VM_AS_THIS_HINT = "Empty: as this VM." / "Vacío: como esta VM.";
    CLONE_VM_AS_THIS = "As this VM" / "Como esta VM";
    CLONE_VM_OWNER = "Owner (user id)" / "Propietario (id de usuario)";
    CLONE_VM_OWNER_HINT = "Empty: you." / "Vacío: tú.";
    CLONE_VM_COPIES = "Copies of this VM's disks" / "Copias de los discos de esta VM";
    CLONE_VM_NEW_DISKS = "New secondary disks" / "Discos secundarios nuevos";
    CLONE_VM_NEW_DISK = "New disk {n} (GB)" / "Disco nuevo {n} (GB)";
    CLONE_VM_START = "Start the clone when it is ready" / "Arrancar el clon cuando esté listo";

    // Reset the root password
    RESET_PASSWORD_TITLE = "Reset root password" / "Restablecer contraseña de root";
    RESET_PASSWORD_TEXT = "Sets a new random root password. When it is done, the Overview shows it." / "Pone una contraseña de root nueva al azar. Cuando termina, el Resumen la muestra.";
    RESET_PASSWORD_DIALOG_TITLE = "Reset the root password" / "Restablecer la contraseña de root";
    RESET_PASSWORD_WARNING = "The old password stops working. Sessions already open inside the VM are not closed." / "La contraseña antigua deja de funcionar. Las sesiones ya abiertas dentro de la VM no se cierran.";
    RESET_PASSWORD_DOING = "Resetting the password" / "Restablecer la contraseña";
    RESET_PASSWORD_CONFIRM = "Reset password" / "Restablecer contraseña";

    // Rebuild the network
    REBUILD_NETWORK_TITLE = "Rebuild network" / "Reconstruir la red";
    REBUILD_NETWORK_TEXT = "Writes the network configuration into the VM again, e.g. after interfaces or addresses changed." / "Vuelve a escribir la configuración de red en la VM, p. ej. tras cambiar interfaces o direcciones.";
    REBUILD_NETWORK_DIALOG_TITLE = "Rebuild the network configuration" / "Reconstruir la configuración de red";
    REBUILD_NETWORK_WARNING = "The VM's network settings are applied again. Its connections may drop for a moment." / "Se vuelven a aplicar los ajustes de red de la VM. Sus conexiones pueden caerse un momento.";
    REBUILD_NETWORK_DOING = "Rebuilding the network" / "Reconstruir la red";

    // Apply the firewall rules
    APPLY_FIREWALL_TEXT = "Makes the firewall rules of the VM's interfaces take effect." / "Hace efectivas las reglas del cortafuegos de las interfaces de la VM.";
    APPLY_FIREWALL_DIALOG_TITLE = "Apply the firewall rules" / "Aplicar las reglas del cortafuegos";
    APPLY_FIREWALL_WARNING = "The rules saved for this VM's interfaces replace the ones in force. Traffic they drop stops at once." / "Las reglas guardadas para las interfaces de esta VM sustituyen a las vigentes. El tráfico que descartan se corta al momento.";
    APPLY_FIREWALL_CONFIRM = "Apply rules" / "Aplicar las reglas";

    // Create a template
    TEMPLATE_CREATE = "Create template" / "Crear plantilla";
    TEMPLATE_TEXT = "Makes a template of this VM's disks, to build new VMs from." / "Crea una plantilla con los discos de esta VM, para construir VM nuevas a partir de ella.";
    TEMPLATE_OPEN = "Create template…" / "Crear plantilla…";
    TEMPLATE_DIALOG_TITLE = "Create a template from this VM" / "Crear una plantilla a partir de esta VM";
    TEMPLATE_DOING = "Creating the template" / "Crear la plantilla";
    TEMPLATE_LABEL = "Template label" / "Etiqueta de la plantilla";
    TEMPLATE_LABEL_PLACEHOLDER = "Optional" / "Opcional";

    // Segregation
    SEGREGATION_TITLE = "Keep apart from another VM" / "Separar de otra VM";
    SEGREGATION_TEXT = "Segregation keeps this VM on a different hypervisor from the VM you pick, so one hardware fault cannot take both down. It takes effect at the next reboot." / "La segregación mantiene esta VM en un hipervisor distinto del de la VM que elijas, para que un fallo de hardware no pueda tumbar las dos. Se aplica en el próximo reinicio.";
    SEGREGATION_LOADING = "Loading…" / "Cargando la lista…";
    SEGREGATION_DOING_LOAD = "Loading the segregations" / "Cargar las segregaciones";
    SEGREGATION_NONE = "Not kept apart from any VM." / "No está separada de ninguna VM.";
    SEGREGATION_DOING_CHANGE = "Changing the segregation" / "Cambiar la segregación";
    SEGREGATION_SEARCH = "Find a VM by hostname" / "Buscar una VM por nombre de host";
    SEGREGATION_SEARCH_PLACEHOLDER = "e.g. db" / "p. ej. db";
    SEGREGATION_FIND = "Find" / "Buscar";
    SEGREGATION_DOING_SEARCH = "Searching the VMs" / "Buscar entre las VM";
    SEGREGATION_NOT_FOUND = "No other VM has that in its hostname." / "Ninguna otra VM tiene eso en su nombre de host.";
    SEGREGATION_KEEP_APART = "Keep apart" / "Separar";
}
